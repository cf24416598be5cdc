import { useEffect, useState } from 'react';
import { orderAge } from '../../domain/desk';
import { prescriptionRequestStatusLabels, type PrescriptionRequestStatus } from '../../domain/prescription-request-status';
import type { StaffSession } from './desk-api';
import QueueTable from './QueueTable';

interface QueueRequest {
  id: string;
  request_number: string;
  status: PrescriptionRequestStatus;
  created_at: string;
  delivery_name: string;
  delivery_pin_code: string;
}

/** Requests waiting for a pharmacist, oldest first (the queue index covers these two statuses). */
const WAITING: PrescriptionRequestStatus[] = ['submitted', 'in_review'];
const QUEUE_PAGE = 100;

/** The prescription requests nobody has answered yet: the pharmacist's first work of the day. */
export default function RequestQueue({ staff }: { staff: StaffSession }) {
  const [requests, setRequests] = useState<QueueRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const now = Date.now();

  useEffect(() => {
    staff.client
      .from('prescription_requests')
      .select('id, request_number, status, created_at, delivery_name, delivery_pin_code')
      .in('status', WAITING)
      .order('created_at', { ascending: true })
      .limit(QUEUE_PAGE)
      .then(({ data, error: failure }) => {
        if (failure) setError('The prescription requests could not be loaded. Reload the page to try again.');
        else setRequests(data as QueueRequest[]);
      });
  }, [staff]);

  return (
    <section aria-labelledby="request-queue-heading" className="mb-8">
      <h2 id="request-queue-heading" className="text-2xl font-bold text-gray-900">
        Prescription requests
      </h2>
      {error && <p role="alert" className="mt-2 text-red-700">{error}</p>}
      {!error && !requests && <p className="mt-2 text-gray-700">Loading requests…</p>}
      {requests?.length === 0 && <p className="mt-2 text-gray-700">No prescription request is waiting.</p>}
      {requests && requests.length > 0 && (
        <QueueTable
          numberHeading="Request"
          ageHeading="Waiting"
          rows={requests.map((request) => ({
            key: request.id,
            href: `/desk/request?id=${request.id}`,
            number: request.request_number,
            customer: `${request.delivery_name} (${request.delivery_pin_code})`,
            status: prescriptionRequestStatusLabels[request.status],
            age: orderAge(now - new Date(request.created_at).getTime()),
          }))}
        />
      )}
    </section>
  );
}
