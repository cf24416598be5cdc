import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { Coupon } from '../../domain/coupon';
import { formatRupees } from '../../domain/money';
import StaffGate from '../desk/StaffGate';
import type { StaffSession } from '../desk/public';
import { couponOfDraft, couponOfferText, draftOf, emptyDraft, indiaDateTime, type CouponDraft } from './coupon-form';

type DeskCoupon = Coupon & { uses: number };

const LOAD_FAILED = 'The coupons could not be loaded. Try again in a moment.';
const inputClass = 'block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900';
const appliesLabels = { all: 'Every medicine', products: 'Only these products', otc: 'Only over-the-counter medicines' } as const;

/** The desk function as the signed-in marketing member; its sentence on refusal. */
async function call(staff: StaffSession, body: unknown): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; message: string }> {
  const { data } = await staff.client.auth.getSession();
  const token = data.session?.access_token ?? staff.session.access_token;
  try {
    const response = await fetch('/api/desk/coupons', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    return response.ok ? { ok: true, value: json } : { ok: false, message: typeof json.error === 'string' ? json.error : 'Something went wrong. Please try again.' };
  } catch {
    return { ok: false, message: 'The desk could not reach the server. Check the connection and try again.' };
  }
}

function Field({ id, label, children, hint }: { id: string; label: string; children: ReactNode; hint?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-gray-600">{hint}</p>}
    </div>
  );
}

function Coupons({ staff }: { staff: StaffSession }) {
  const [coupons, setCoupons] = useState<DeskCoupon[] | null>(null);
  const [rxAllowed, setRxAllowed] = useState(false);
  const [draft, setDraft] = useState<CouponDraft>(() => emptyDraft(new Date()));
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const reply = await call(staff, { action: 'list' });
    if (!reply.ok) return setError(reply.message || LOAD_FAILED);
    setCoupons(reply.value.coupons as DeskCoupon[]);
    setRxAllowed(reply.value.discountPrescriptionMedicines === true);
  }, [staff]);
  useEffect(() => void load(), [load]);

  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const built = couponOfDraft(draft);
    if (!built.ok) return setError(built.message);
    setSaving(true);
    const reply = await call(staff, { action: 'save', coupon: built.coupon });
    setSaving(false);
    if (!reply.ok) return setError(reply.message);
    setError(null);
    setNotice(`${String(reply.value.saved)} saved.`);
    setEditing(null);
    setDraft(emptyDraft(new Date()));
    await load();
  }

  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Coupons</h1>
      <p className="mt-1 text-sm text-gray-700">
        Codes customers type in the cart. The shop checks every rule and prices the order itself; one code per order (codes never combine). Times are
        India&rsquo;s. Prescription medicines {rxAllowed ? 'may carry a discount (the owner allows it)' : 'never carry a discount (the owner’s setting)'}.
      </p>

      <form className="mt-6 grid gap-4 rounded-lg border border-gray-200 p-4 sm:grid-cols-2" onSubmit={submit} noValidate aria-labelledby="coupon-form-heading">
        <h2 id="coupon-form-heading" className="text-lg font-semibold text-gray-900 sm:col-span-2">
          {editing ? `Change ${editing}` : 'New coupon'}
        </h2>
        <Field id="coupon-code" label="Code" hint="Letters and digits; customers may type it in any case.">
          <input id="coupon-code" className={`${inputClass} uppercase`} value={draft.code} readOnly={editing !== null} onChange={(event) => set('code', event.target.value)} />
        </Field>
        <Field id="coupon-description" label="Description">
          <input id="coupon-description" className={inputClass} value={draft.description} onChange={(event) => set('description', event.target.value)} />
        </Field>
        <Field id="coupon-kind" label="Discount">
          <select id="coupon-kind" className={inputClass} value={draft.kind} onChange={(event) => set('kind', event.target.value as CouponDraft['kind'])}>
            <option value="percent">Percentage off</option>
            <option value="flat">Rupees off</option>
          </select>
        </Field>
        {draft.kind === 'percent' ? (
          <div className="grid grid-cols-2 gap-2">
            <Field id="coupon-percent" label="Percent off">
              <input id="coupon-percent" inputMode="numeric" className={inputClass} value={draft.percentOff} onChange={(event) => set('percentOff', event.target.value)} />
            </Field>
            <Field id="coupon-cap" label="Up to (₹)" hint="Empty: no cap.">
              <input id="coupon-cap" inputMode="decimal" className={inputClass} value={draft.capRupees} onChange={(event) => set('capRupees', event.target.value)} />
            </Field>
          </div>
        ) : (
          <Field id="coupon-flat" label="Rupees off (₹)">
            <input id="coupon-flat" inputMode="decimal" className={inputClass} value={draft.flatRupees} onChange={(event) => set('flatRupees', event.target.value)} />
          </Field>
        )}
        <Field id="coupon-minimum" label="Minimum order (₹)">
          <input id="coupon-minimum" inputMode="decimal" className={inputClass} value={draft.minOrderRupees} onChange={(event) => set('minOrderRupees', event.target.value)} />
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field id="coupon-starts" label="Starts (India time)">
            <input id="coupon-starts" type="datetime-local" className={inputClass} value={draft.startsAt} onChange={(event) => set('startsAt', event.target.value)} />
          </Field>
          <Field id="coupon-ends" label="Ends (India time)">
            <input id="coupon-ends" type="datetime-local" className={inputClass} value={draft.endsAt} onChange={(event) => set('endsAt', event.target.value)} />
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Field id="coupon-total-uses" label="Total uses" hint="Empty: no limit.">
            <input id="coupon-total-uses" inputMode="numeric" className={inputClass} value={draft.totalUses} onChange={(event) => set('totalUses', event.target.value)} />
          </Field>
          <Field id="coupon-per-customer" label="Uses per customer" hint="By account; by mobile for guests.">
            <input id="coupon-per-customer" inputMode="numeric" className={inputClass} value={draft.usesPerCustomer} onChange={(event) => set('usesPerCustomer', event.target.value)} />
          </Field>
        </div>
        <Field id="coupon-applies" label="Applies to">
          <select id="coupon-applies" className={inputClass} value={draft.appliesTo} onChange={(event) => set('appliesTo', event.target.value as CouponDraft['appliesTo'])}>
            {Object.entries(appliesLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {draft.appliesTo === 'products' && (
          <Field id="coupon-products" label="Product ids" hint="Separated by commas.">
            <input id="coupon-products" className={inputClass} value={draft.productIds} onChange={(event) => set('productIds', event.target.value)} />
          </Field>
        )}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={draft.firstOrderOnly} onChange={(event) => set('firstOrderOnly', event.target.checked)} /> First order only
          </label>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={draft.active} onChange={(event) => set('active', event.target.checked)} /> Active (customers can use it)
          </label>
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" disabled={saving} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
            {saving ? 'Saving…' : 'Save coupon'}
          </button>
          {editing && (
            <button
              type="button"
              className="rounded-md border border-gray-300 px-4 py-2 font-medium text-gray-800"
              onClick={() => {
                setEditing(null);
                setDraft(emptyDraft(new Date()));
              }}
            >
              Cancel
            </button>
          )}
        </div>
        {error && (
          <p role="alert" className="text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className="text-brand-700 sm:col-span-2">
            {notice}
          </p>
        )}
      </form>

      {coupons === null ? (
        !error && <p className="mt-6 text-gray-700">Loading coupons…</p>
      ) : coupons.length === 0 ? (
        <p className="mt-6 text-gray-700">No coupons yet.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="mb-2 text-left text-lg font-semibold text-gray-900">Coupons</caption>
          <thead>
            <tr className="border-b border-gray-200 text-gray-700">
              <th scope="col" className="py-2 pr-4">Code</th>
              <th scope="col" className="py-2 pr-4">Offer</th>
              <th scope="col" className="py-2 pr-4">Minimum</th>
              <th scope="col" className="py-2 pr-4">Valid</th>
              <th scope="col" className="py-2 pr-4 text-right">Used</th>
              <th scope="col" className="py-2 pr-4">Rules</th>
              <th scope="col" className="py-2" />
            </tr>
          </thead>
          <tbody>
            {coupons.map((coupon) => (
              <tr key={coupon.code} className="border-b border-gray-100 text-gray-800">
                <th scope="row" className="py-2 pr-4 font-mono font-medium">
                  {coupon.code}
                  {!coupon.active && <span className="ml-1 font-sans text-xs text-gray-600">(off)</span>}
                </th>
                <td className="py-2 pr-4">{couponOfferText(coupon)}</td>
                <td className="py-2 pr-4">{coupon.min_order_paise > 0 ? formatRupees(coupon.min_order_paise, 'sentence') : '—'}</td>
                <td className="py-2 pr-4">
                  {indiaDateTime(coupon.starts_at)} to {indiaDateTime(coupon.ends_at)}
                </td>
                <td className="py-2 pr-4 text-right">
                  {coupon.uses}
                  {coupon.total_uses !== null && ` of ${coupon.total_uses}`}
                </td>
                <td className="py-2 pr-4">
                  {[
                    coupon.uses_per_customer !== null && `${coupon.uses_per_customer} per customer`,
                    coupon.first_order_only && 'first order only',
                    coupon.applies_to !== 'all' && (coupon.applies_to === 'otc' ? 'over-the-counter only' : `products ${coupon.product_ids.join(', ')}`),
                  ]
                    .filter(Boolean)
                    .join('; ') || '—'}
                </td>
                <td className="py-2">
                  <button
                    type="button"
                    className="text-brand-700 underline"
                    onClick={() => {
                      setEditing(coupon.code);
                      setDraft(draftOf(coupon));
                      setNotice(null);
                      setError(null);
                    }}
                  >
                    Change<span className="sr-only"> {coupon.code}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** /desk/coupons: marketing creates and changes coupon codes; every other role is refused (and the function refuses them too). */
export default function CouponDesk() {
  return (
    <StaffGate roles={['marketing']} refusal="Coupons are managed by marketing staff.">
      {(staff) => <Coupons staff={staff} />}
    </StaffGate>
  );
}
