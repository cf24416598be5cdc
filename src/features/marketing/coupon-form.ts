import { indiaTimeOfInstant, instantOfIndiaTime, paiseOfRupeesText, type Coupon } from '../../domain/coupon';
import { formatRupees } from '../../domain/money';

/** The /desk/coupons form as typed: rupees as text, times in India time (datetime-local). */
export interface CouponDraft {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  percentOff: string;
  capRupees: string;
  flatRupees: string;
  minOrderRupees: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerCustomer: string;
  firstOrderOnly: boolean;
  appliesTo: 'all' | 'products' | 'otc';
  productIds: string;
  active: boolean;
}

export const emptyDraft = (now: Date): CouponDraft => ({
  code: '',
  description: '',
  kind: 'percent',
  percentOff: '10',
  capRupees: '',
  flatRupees: '',
  minOrderRupees: '0',
  startsAt: indiaTimeOfInstant(now.toISOString()),
  endsAt: indiaTimeOfInstant(new Date(now.getTime() + 30 * 86_400_000).toISOString()),
  totalUses: '',
  usesPerCustomer: '1',
  firstOrderOnly: false,
  appliesTo: 'all',
  productIds: '',
  active: true,
});

const rupeesText = (paise: number | null) => (paise === null ? '' : String(paise / 100));

export const draftOf = (coupon: Coupon): CouponDraft => ({
  code: coupon.code,
  description: coupon.description,
  kind: coupon.kind,
  percentOff: coupon.percent_off === null ? '' : String(coupon.percent_off),
  capRupees: rupeesText(coupon.cap_paise),
  flatRupees: rupeesText(coupon.flat_paise),
  minOrderRupees: rupeesText(coupon.min_order_paise),
  startsAt: indiaTimeOfInstant(coupon.starts_at),
  endsAt: indiaTimeOfInstant(coupon.ends_at),
  totalUses: coupon.total_uses === null ? '' : String(coupon.total_uses),
  usesPerCustomer: coupon.uses_per_customer === null ? '' : String(coupon.uses_per_customer),
  firstOrderOnly: coupon.first_order_only,
  appliesTo: coupon.applies_to,
  productIds: coupon.product_ids.join(', '),
  active: coupon.active,
});

/** The draft as the desk function takes it, or the first problem in words. */
export function couponOfDraft(draft: CouponDraft): { ok: true; coupon: Record<string, unknown> } | { ok: false; message: string } {
  const whole = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const money = (text: string) => (text.trim() === '' ? null : paiseOfRupeesText(text));
  const starts = instantOfIndiaTime(draft.startsAt);
  const ends = instantOfIndiaTime(draft.endsAt);
  if (!starts || !ends) return { ok: false, message: 'Enter when the code starts and ends (India time).' };
  const percent = whole(draft.percentOff);
  const totalUses = whole(draft.totalUses);
  const perCustomer = whole(draft.usesPerCustomer);
  if ([percent, totalUses, perCustomer].some((value) => Number.isNaN(value))) return { ok: false, message: 'Percentages and uses are whole numbers.' };
  const cap = money(draft.capRupees);
  const flat = money(draft.flatRupees);
  const minimum = draft.minOrderRupees.trim() === '' ? 0 : paiseOfRupeesText(draft.minOrderRupees);
  if (cap === null && draft.capRupees.trim() !== '') return { ok: false, message: 'Enter the cap in rupees, like 100 or 99.50.' };
  if (minimum === null) return { ok: false, message: 'Enter the minimum order in rupees, like 499.' };
  const productIds = draft.productIds.split(/[\s,]+/).filter(Boolean).map(Number);
  if (productIds.some((id) => !Number.isInteger(id) || id <= 0)) return { ok: false, message: 'Product ids are whole numbers separated by commas.' };
  return {
    ok: true,
    coupon: {
      code: draft.code,
      description: draft.description,
      kind: draft.kind,
      percent_off: draft.kind === 'percent' ? percent : null,
      cap_paise: draft.kind === 'percent' ? cap : null,
      flat_paise: draft.kind === 'flat' ? flat : null,
      min_order_paise: minimum,
      starts_at: starts,
      ends_at: ends,
      total_uses: totalUses,
      uses_per_customer: perCustomer,
      first_order_only: draft.firstOrderOnly,
      applies_to: draft.appliesTo,
      product_ids: draft.appliesTo === 'products' ? productIds : [],
      active: draft.active,
    },
  };
}

/** "10% off, up to ₹100" or "₹50 off". */
export function couponOfferText(coupon: Pick<Coupon, 'kind' | 'percent_off' | 'cap_paise' | 'flat_paise'>): string {
  if (coupon.kind === 'flat') return `${formatRupees(coupon.flat_paise ?? 0, 'sentence')} off`;
  return `${coupon.percent_off}% off${coupon.cap_paise ? `, up to ${formatRupees(coupon.cap_paise, 'sentence')}` : ''}`;
}

/** An instant as India date and time for the list ("1 Dec 2026, 09:00 IST"). */
export function indiaDateTime(instant: string): string {
  const [date, time] = indiaTimeOfInstant(instant).split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${day} ${months[month! - 1]} ${year}, ${time} IST`;
}
