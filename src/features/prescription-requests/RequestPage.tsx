import { useCallback, useEffect, useState } from 'react';
import { prescriptionRequestStatusLabels } from '../../domain/prescription-request-status';
import { readPendingPayment } from '../checkout/public';
import PhonePeReturn from './PhonePeReturn';
import ProposalApproval from './ProposalApproval';
import { accessToken } from './request-session';
import { requestPagePath, requestViewSchema, type RequestView } from '../../domain/prescription-request-contract';
import { EXPIRED_EXPLAINED, PAID_ORDER, REQUEST_CANNOT_SHOW, REQUEST_NOT_FOUND, REQUEST_RECEIVED } from '../../domain/prescription-request-strings';

type Load = { kind: 'loading' } | { kind: 'shown'; request: RequestView; number: string; key: string | null } | { kind: 'refused'; message: string };

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

async function loadRequest(number: string, key: string | null): Promise<Load> {
  const token = await accessToken();
  const query = new URLSearchParams({ number, ...(key ? { key } : {}) });
  const response = await fetch(`/api/prescription-requests/get?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status === 404) return { kind: 'refused', message: REQUEST_NOT_FOUND };
  if (response.status === 403) return { kind: 'refused', message: REQUEST_CANNOT_SHOW };
  if (!response.ok) throw new Error(`the request could not be loaded (${response.status})`);
  return { kind: 'shown', request: requestViewSchema.parse(await response.json()), number, key };
}

/** A prescription request's page: its number and where it stands, for its owner or a guest with its key. */
export default function RequestPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  // Back from PhonePe with a payment started here: its page, and whether it is still being checked
  // (the proposal waits meanwhile, so it is not paid twice).
  const [phonePeReturn, setPhonePeReturn] = useState<{ path: string; checking: boolean } | null>(null);
  const settled = useCallback(() => setPhonePeReturn((current) => current && { ...current, checking: false }), []);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const path = requestPagePath(params.get('number') ?? '', params.get('key') ?? undefined);
    if (readPendingPayment(window.sessionStorage, path)) setPhonePeReturn({ path, checking: true });
    loadRequest(params.get('number') ?? '', params.get('key')).then(setLoad, () =>
      setLoad({ kind: 'refused', message: 'Your request could not be loaded. Please refresh the page.' }),
    );
  }, []);

  if (load.kind === 'loading') return <p role="status">Loading your request...</p>;
  if (load.kind === 'refused') return <p role="alert" className="text-red-800">{load.message}</p>;
  const { request } = load;
  const open = request.status === 'proposed' || request.status === 'approved';
  return (
    <article className="space-y-4">
      <h1 className="text-2xl font-bold text-gray-900">
        {REQUEST_RECEIVED}: request {request.request_number}
      </h1>
      <p className="rounded-md bg-brand-50 px-3 py-2 font-medium text-brand-900">Status: {prescriptionRequestStatusLabels[request.status]}</p>
      {request.status === 'submitted' && <p>Our pharmacist will read your prescription and send you the medicines and prices to approve, by mail and SMS. Nothing is charged until you approve.</p>}
      {request.status === 'rejected' && request.rejection_reason && <p>Our pharmacist could not accept this prescription: {request.rejection_reason}</p>}
      {request.status === 'expired' && <p>{EXPIRED_EXPLAINED}</p>}
      {request.expires_at && open && <p>Approve by {dateFormat.format(new Date(request.expires_at))}.</p>}
      {phonePeReturn && <PhonePeReturn returnPath={phonePeReturn.path} onSettled={settled} />}
      {open && !phonePeReturn?.checking && <ProposalApproval request={request} number={load.number} requestKey={load.key} />}
      {request.order && (
        <p>
          {PAID_ORDER}:{' '}
          <a href={request.order.path} className="font-semibold text-brand-700 underline">
            {request.order.order_number}
          </a>
        </p>
      )}
      <section aria-labelledby="rx-request-files">
        <h2 id="rx-request-files" className="font-semibold">
          Prescription files
        </h2>
        <ul className="list-disc pl-5 text-sm">
          {request.files.map((file) => (
            <li key={file.file_name}>{file.file_name}</li>
          ))}
        </ul>
      </section>
      {request.note && <p className="text-sm">Your note: {request.note}</p>}
      <p className="text-sm text-gray-600">
        Delivery to {request.delivery_name}, PIN code {request.delivery_pin_code}. Sent {dateFormat.format(new Date(request.created_at))}.
      </p>
    </article>
  );
}
