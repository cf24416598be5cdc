import { useCallback, useEffect, useState } from 'react';
import { prescriptionRequestStatusLabels } from '../../domain/prescription-request-status';
import { readPendingPayment } from '../checkout/public';
import PhonePeReturn from './PhonePeReturn';
import ProposalApproval from './ProposalApproval';
import { accessToken } from './request-session';
import { requestPagePath, requestViewSchema, type RequestView } from '../../domain/prescription-request-contract';
import type { PrescriptionRequestStatus } from '../../domain/prescription-request-status';
import { prescriptionRequest } from '../../domain/strings/english/prescriptionRequest';
import { fill } from '../../domain/strings/format';
import { pageLocale, pagePathPrefix, pageText } from '../../lib/browser/page-text';
import { pathUnder } from '../../domain/strings/paths';

// The page's words (its island draws only in the browser): English's, or the page's own language's.
const text = pageText('prescriptionRequest', prescriptionRequest);
/** A status as the page's language says it; English's own labels (prescription-request-status.ts) on the default language's pages. */
const statusLabel = (status: PrescriptionRequestStatus): string =>
  text === prescriptionRequest
    ? prescriptionRequestStatusLabels[status]
    : {
        submitted: text.statusSubmitted,
        in_review: text.statusInReview,
        proposed: text.statusProposed,
        approved: text.statusApproved,
        paid: text.statusPaid,
        rejected: text.statusRejected,
        expired: text.statusExpired,
      }[status];

type Load = { kind: 'loading' } | { kind: 'shown'; request: RequestView; number: string; key: string | null } | { kind: 'refused'; message: string };

// English's 12-hour clock on the default language's page; another language's page reads the 24-hour clock.
const dateFormat = new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata', ...(text === prescriptionRequest ? {} : { hourCycle: 'h23' }) });

async function loadRequest(number: string, key: string | null): Promise<Load> {
  const token = await accessToken();
  const query = new URLSearchParams({ number, ...(key ? { key } : {}) });
  const response = await fetch(`/api/prescription-requests/get?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status === 404) return { kind: 'refused', message: text.notFound };
  if (response.status === 403) return { kind: 'refused', message: text.cannotShow };
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
      setLoad({ kind: 'refused', message: text.loadFailed }),
    );
  }, []);

  if (load.kind === 'loading') return <p role="status">{text.loadingRequest}</p>;
  if (load.kind === 'refused') return <p role="alert" className="text-red-800">{load.message}</p>;
  const { request } = load;
  const open = request.status === 'proposed' || request.status === 'approved';
  return (
    <article className="space-y-4">
      <h1 className="text-2xl font-bold text-gray-900">
        {fill(text.receivedHeading, { received: text.received, number: request.request_number })}
      </h1>
      <p className="rounded-md bg-brand-50 px-3 py-2 font-medium text-brand-900">{fill(text.status, { status: statusLabel(request.status) })}</p>
      {request.status === 'submitted' && <p>{text.submittedExplained}</p>}
      {request.status === 'rejected' && request.rejection_reason && <p>{fill(text.rejectedExplained, { reason: request.rejection_reason })}</p>}
      {request.status === 'expired' && <p>{text.expiredExplained}</p>}
      {request.expires_at && open && <p>{fill(text.approveBy, { date: dateFormat.format(new Date(request.expires_at)) })}</p>}
      {phonePeReturn && <PhonePeReturn returnPath={phonePeReturn.path} onSettled={settled} />}
      {open && !phonePeReturn?.checking && <ProposalApproval request={request} number={load.number} requestKey={load.key} />}
      {request.order && (
        <p>
          {text.paidOrder}:{' '}
          <a href={pathUnder(pagePathPrefix(), request.order.path)} className="font-semibold text-brand-700 underline">
            {request.order.order_number}
          </a>
        </p>
      )}
      <section aria-labelledby="rx-request-files">
        <h2 id="rx-request-files" className="font-semibold">
          {text.filesHeading}
        </h2>
        <ul className="list-disc pl-5 text-sm">
          {request.files.map((file) => (
            <li key={file.file_name}>{file.file_name}</li>
          ))}
        </ul>
      </section>
      {request.note && <p className="text-sm">{fill(text.yourNote, { note: request.note })}</p>}
      <p className="text-sm text-gray-600">
        {fill(text.deliveryLine, { name: request.delivery_name, pinCode: request.delivery_pin_code, date: dateFormat.format(new Date(request.created_at)) })}
      </p>
    </article>
  );
}
