import { formatRupees } from './money';
import { refusals } from './strings/english/refusals';
import { fill } from './strings/fill';

/**
 * Coupon codes (issue 41): the rules a code is checked against and the discount it gives, shared by
 * the create-order function, the check endpoint and the desk. Only the server applies a code; the
 * database takes its use (supabase/migrations/*_coupons.sql) under a lock, so a limit is never
 * overrun. One code per order: codes never combine.
 */

export interface Coupon {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  percent_off: number | null;
  cap_paise: number | null;
  flat_paise: number | null;
  min_order_paise: number;
  starts_at: string;
  ends_at: string;
  total_uses: number | null;
  uses_per_customer: number | null;
  first_order_only: boolean;
  applies_to: 'all' | 'products' | 'otc';
  product_ids: number[];
  active: boolean;
}

/** Why a code cannot be used on this order; each rule has one sentence the customer sees. */
export type CouponRule = 'unknown' | 'not_started' | 'expired' | 'used' | 'used_by_you' | 'first_order' | 'not_applicable' | 'minimum';

/** The rule's sentence in English (the strings tables' refusals section; the function says it in the page's language). */
export function couponSentence(rule: CouponRule, coupon?: Pick<Coupon, 'min_order_paise'>): string {
  switch (rule) {
    case 'unknown':
      return refusals.couponUnknown;
    case 'not_started':
      return refusals.couponNotStarted;
    case 'expired':
      return refusals.couponExpired;
    case 'used':
      return refusals.couponUsed;
    case 'used_by_you':
      return refusals.couponUsedByYou;
    case 'first_order':
      return refusals.couponFirstOrder;
    case 'not_applicable':
      return refusals.couponNotApplicable;
    case 'minimum':
      return fill(refusals.couponMinimum, { amount: formatRupees(coupon?.min_order_paise ?? 0, 'sentence') });
  }
}

/** Codes are case-insensitive: stored and compared upper-case, spaces around them ignored. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,23}$/;

/** A line as the coupon sees it: what it charges before the discount and what kind of medicine it is. */
export interface CouponLine {
  productId: number;
  amountPaise: number;
  requiresPrescription: boolean;
}

export interface CouponContext {
  now: Date;
  /** Uses held by every order, and by this customer (account, or mobile for a guest). */
  usesTotal: number;
  usesByCustomer: number;
  /** The customer's earlier orders that were not cancelled or failed. */
  earlierOrders: number;
  /** The owner's setting: prescription medicines may be discounted. */
  discountPrescriptionMedicines: boolean;
}

export type CouponResult = { ok: true; discountPaise: number; lineDiscounts: number[] } | { ok: false; rule: CouponRule; sentence: string };

/** Whether a line may carry this coupon's discount. */
export function lineEligible(coupon: Coupon, line: CouponLine, discountPrescriptionMedicines: boolean): boolean {
  if (line.requiresPrescription && !discountPrescriptionMedicines) return false;
  if (coupon.applies_to === 'otc') return !line.requiresPrescription;
  if (coupon.applies_to === 'products') return coupon.product_ids.includes(line.productId);
  return true;
}

/**
 * Checks every rule in the order a customer would want to hear them and, when all pass, the
 * discount and its split over the lines (largest remainder, in paise; ineligible lines get 0).
 */
export function applyCoupon(coupon: Coupon | null, lines: readonly CouponLine[], context: CouponContext): CouponResult {
  const refuse = (rule: CouponRule): CouponResult => ({ ok: false, rule, sentence: couponSentence(rule, coupon ?? undefined) });
  if (!coupon || !coupon.active) return refuse('unknown');
  const now = context.now.getTime();
  if (now < Date.parse(coupon.starts_at)) return refuse('not_started');
  if (now >= Date.parse(coupon.ends_at)) return refuse('expired');
  if (coupon.total_uses !== null && context.usesTotal >= coupon.total_uses) return refuse('used');
  if (coupon.uses_per_customer !== null && context.usesByCustomer >= coupon.uses_per_customer) return refuse('used_by_you');
  if (coupon.first_order_only && context.earlierOrders > 0) return refuse('first_order');
  const orderPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  if (orderPaise < coupon.min_order_paise) return refuse('minimum');
  const eligible = lines.map((line) => (lineEligible(coupon, line, context.discountPrescriptionMedicines) ? line.amountPaise : 0));
  const eligiblePaise = eligible.reduce((sum, amount) => sum + amount, 0);
  if (eligiblePaise === 0) return refuse('not_applicable');
  const discountPaise = couponDiscountPaise(coupon, eligiblePaise);
  return { ok: true, discountPaise, lineDiscounts: splitDiscount(discountPaise, eligible) };
}

/** The discount on the eligible amount: a percentage (rounded down to the paisa, at most the cap) or flat, never more than the amount. */
export function couponDiscountPaise(coupon: Pick<Coupon, 'kind' | 'percent_off' | 'cap_paise' | 'flat_paise'>, eligiblePaise: number): number {
  const raw = coupon.kind === 'percent' ? Math.floor((eligiblePaise * (coupon.percent_off ?? 0)) / 100) : (coupon.flat_paise ?? 0);
  const capped = coupon.kind === 'percent' && coupon.cap_paise !== null ? Math.min(raw, coupon.cap_paise) : raw;
  return Math.max(0, Math.min(capped, eligiblePaise));
}

/**
 * Splits a discount over amounts in proportion (largest remainder): each share is whole paise, the
 * shares add up to the discount exactly, and no share exceeds its amount. Ties go to the earlier line.
 */
export function splitDiscount(discountPaise: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (!Number.isInteger(discountPaise) || discountPaise < 0 || discountPaise > total) throw new RangeError(`cannot split ${discountPaise} paise over ${total}`);
  if (total === 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => Math.floor((discountPaise * amount) / total));
  let left = discountPaise - shares.reduce((sum, share) => sum + share, 0);
  const order = amounts
    .map((amount, index) => ({ index, remainder: (discountPaise * amount) % total, room: amount - shares[index]! }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index, room } of order) {
    if (left === 0) break;
    if (room > 0 && amounts[index]! > 0) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** A rupee amount typed at the desk ("499" or "499.50") in paise, or null. */
export function paiseOfRupeesText(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An India date and time typed at the desk ("2026-12-01T09:00", no zone) as an instant (IST is UTC+5:30 all year). */
export function instantOfIndiaTime(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5])) - 330 * 60_000;
  return Number.isNaN(utc) ? null : new Date(utc).toISOString();
}

/** An instant as India date and time for a datetime-local field ("2026-12-01T09:00"). */
export function indiaTimeOfInstant(instant: string): string {
  return new Date(Date.parse(instant) + 330 * 60_000).toISOString().slice(0, 16);
}
