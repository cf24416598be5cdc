import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { formatRupees } from '../../domain/money';
import { $appliedCoupon, $cart, couponFor, couponLinesKey } from '../cart/public';
import { $deliveryStep } from '../delivery/public';
import { couponSaving, words } from './checkout-strings';
import { paymentApi } from './browser-checkout';

/**
 * The order summary's coupon code: the server quotes the saving (POST /api/coupons/check) and the
 * summary shows it with the new total; the code goes with the order, which the server prices again.
 * When the lines change, the code is checked again for them (or dropped with its sentence).
 */
export default function CouponField() {
  const id = useId();
  const lines = useStore($cart).items;
  const applied = useStore($appliedCoupon);
  const mobile = useStore($deliveryStep).details?.mobile;
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = couponFor(lines, applied);
  const linesKey = couponLinesKey(lines);

  async function check(code: string) {
    setBusy(true);
    setError(null);
    try {
      const quote = await paymentApi.checkCoupon({
        code,
        lines: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
        ...(mobile ? { mobile } : {}),
      });
      $appliedCoupon.set({ code: quote.code, discountPaise: quote.discountPaise, linesKey });
      setTyped(quote.code);
    } catch (failure) {
      $appliedCoupon.set(null);
      setError(failure instanceof Error && failure.message ? failure.message : words().couponNotChecked);
    } finally {
      setBusy(false);
    }
  }

  // The lines changed under an applied code: quote it again for them.
  useEffect(() => {
    if (applied && applied.linesKey !== linesKey && lines.length > 0 && !busy) void check(applied.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesKey]);

  if (lines.length === 0) return null;
  return (
    <form
      className="mb-4 border-b border-gray-200 pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim()) void check(typed.trim());
      }}
    >
      <label htmlFor={`${id}-code`} className="block text-sm font-medium text-gray-700">
        {words().couponFieldLabel}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          readOnly={current !== null}
          aria-invalid={error !== null}
          aria-describedby={`${id}-note`}
          className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm uppercase"
        />
        {current ? (
          <button
            type="button"
            className="rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700"
            onClick={() => {
              $appliedCoupon.set(null);
              setTyped('');
            }}
          >
            {words().couponRemove}
          </button>
        ) : (
          <button type="submit" disabled={busy || typed.trim() === ''} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60">
            {busy ? words().couponApplying : words().couponApply}
          </button>
        )}
      </div>
      <p id={`${id}-note`} role="status" className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-brand-700'}`}>
        {error ?? (current ? couponSaving(current.code, formatRupees(current.discountPaise)) : '')}
      </p>
    </form>
  );
}
