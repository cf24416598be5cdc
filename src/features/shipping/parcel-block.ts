import { fill } from '../../domain/strings/format';
import { parcel as english } from '../../domain/strings/english/parcel';
import type { ShipmentStatus, TrackingScan } from '../../domain/shipping';
import type { StringTable } from '../../domain/strings/table';
import { el } from '../../lib/browser/dom';
import { pageLocale, pageText } from '../../lib/browser/page-text';

/**
 * The order page's parcel block: the courier and AWB, a link to the courier's own tracking page, the
 * parcel's status and its latest scans, as GET /api/shipping/parcel answers them. Drawn after the
 * order (its own call): nothing waits for it, and an order with no courier parcel shows nothing.
 */

interface ParcelAnswer {
  parcel: {
    courierName: string;
    awb: string;
    trackingUrl: string | null;
    status: ShipmentStatus;
    failureReason: string | null;
    reattemptRequested: boolean;
    scans: TrackingScan[];
  } | null;
}

const STATUS_KEYS: Record<ShipmentStatus, keyof typeof english> = {
  booked: 'statusBooked',
  picked_up: 'statusPickedUp',
  in_transit: 'statusInTransit',
  out_for_delivery: 'statusOutForDelivery',
  delivery_failed: 'statusDeliveryFailed',
  delivered: 'statusDelivered',
  rto_in_transit: 'statusRtoInTransit',
  returned_to_origin: 'statusReturnedToOrigin',
  cancelled: 'statusCancelled',
  lost: 'statusLost',
};

const LINK = 'text-teal-700 underline';

/** Fetches and draws the block into `holder` (left empty when the order has no courier parcel or the call fails). */
export async function showParcel(holder: HTMLElement, orderNumber: string, key: string | null, token: string | null, fetcher: typeof fetch = fetch): Promise<void> {
  const query = new URLSearchParams({ number: orderNumber, ...(key ? { key } : {}) });
  let answer: ParcelAnswer;
  try {
    const response = await fetcher(`/api/shipping/parcel?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) return;
    answer = (await response.json()) as ParcelAnswer;
  } catch {
    return;
  }
  if (!answer.parcel) return;
  const reattempt = async (): Promise<boolean> => {
    try {
      const response = await fetcher('/api/shipping/reattempt', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ number: orderNumber, ...(key ? { key } : {}) }),
      });
      return response.ok;
    } catch {
      return false;
    }
  };
  holder.replaceChildren(parcelSection(answer.parcel, reattempt));
}

/** The customer's answer to a failed delivery: one button, then the news that the courier was asked. */
function reattemptControl(asked: boolean, reattempt: () => Promise<boolean>, text: StringTable['parcel']): HTMLElement {
  const note = el('p', { role: 'status', class: 'text-sm text-gray-800' }, asked ? text.reattemptAsked : '');
  if (asked) return note;
  const button = el('button', { type: 'button', class: 'rounded border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50' }, text.askReattempt);
  button.addEventListener('click', async () => {
    button.setAttribute('disabled', '');
    const done = await reattempt();
    note.textContent = done ? text.reattemptAsked : text.reattemptFailed;
    if (done) button.remove();
    else button.removeAttribute('disabled');
  });
  return el('div', { class: 'space-y-1' }, button, note);
}

export function parcelSection(parcel: NonNullable<ParcelAnswer['parcel']>, reattempt: () => Promise<boolean> = async () => false): HTMLElement {
  const text = pageText('parcel', english);
  const when = new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
  return el(
    'section',
    { 'aria-labelledby': 'parcel-heading', class: 'space-y-2' },
    el('h2', { id: 'parcel-heading', class: 'text-lg font-semibold text-gray-900' }, text.heading),
    el('p', { class: 'text-sm text-gray-800' }, fill(text.sentWith, { courier: parcel.courierName, awb: parcel.awb })),
    el('p', { class: 'text-sm font-semibold text-gray-900', 'data-testid': 'parcel-status' }, text[STATUS_KEYS[parcel.status]]),
    parcel.status === 'delivery_failed' && parcel.failureReason && el('p', { class: 'text-sm text-red-700' }, fill(text.failedBecause, { reason: parcel.failureReason })),
    parcel.status === 'delivery_failed' && reattemptControl(parcel.reattemptRequested, reattempt, text),
    parcel.trackingUrl && el('p', { class: 'text-sm' }, el('a', { class: LINK, href: parcel.trackingUrl, target: '_blank', rel: 'noopener' }, text.track)),
    el('h3', { class: 'text-sm font-semibold text-gray-900' }, text.latestScans),
    parcel.scans.length === 0
      ? el('p', { class: 'text-sm text-gray-700' }, text.noScans)
      : el(
          'ol',
          { class: 'space-y-1 text-sm text-gray-800', 'aria-label': text.latestScans },
          ...parcel.scans.map((scan) => el('li', {}, `${when.format(new Date(scan.at))} · ${scan.activity}${scan.location ? ` · ${scan.location}` : ''}`)),
        ),
  );
}
