import { atom } from 'nanostores';
import type { CartLine } from '../../domain/cart-line';

/**
 * The coupon the server quoted for the cart as it was (POST /api/coupons/check): the summary shows
 * its saving and the new total, and checkout sends its code. A quote is for those lines only: once
 * the lines change, it no longer counts until the code is checked again. The server prices the
 * order with the code itself; this is only what the customer is shown and sends.
 */
export interface AppliedCoupon {
  code: string;
  discountPaise: number;
  linesKey: string;
}

export const $appliedCoupon = atom<AppliedCoupon | null>(null);

/** The lines a quote was for: each product and its quantity. */
export const couponLinesKey = (lines: readonly Pick<CartLine, 'product' | 'quantity'>[]): string => lines.map((line) => `${line.product.id}x${line.quantity}`).join(',');

/** The applied coupon if it was quoted for exactly these lines, else null. */
export function couponFor(lines: readonly Pick<CartLine, 'product' | 'quantity'>[], applied: AppliedCoupon | null = $appliedCoupon.get()): AppliedCoupon | null {
  return applied && applied.linesKey === couponLinesKey(lines) ? applied : null;
}
