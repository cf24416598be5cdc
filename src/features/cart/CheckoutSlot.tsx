import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $paymentMethod, PAYMENT_METHODS, type PaymentMethod } from './payment-method';
import type { CheckoutReadiness } from './cart-availability';
import { PROCEED_TO_PAY, UPLOAD_PRESCRIPTION } from './cart-strings';

/**
 * The boundary between the cart and the payment step. The payment step plugs in through
 * CartPage's props, which arrive here: `onProceed(method)` runs when a ready cart is sent to
 * payment, `busyLabel` replaces the button text while it works.
 */
export interface CheckoutHandlers {
  /** Starts payment with the chosen method; absent until a payment step is connected. */
  onProceed?: (method: PaymentMethod) => void;
  /** While set, the button shows it and is disabled, e.g. 'Processing Razorpay Payment...'. */
  busyLabel?: string | null;
  /** The delivery details, shown above the payment methods. */
  deliveryStep?: ReactNode;
  /** Methods this order cannot use, each with the reason shown beside it. */
  unavailableMethods?: Partial<Record<PaymentMethod, string>>;
  /** Set while the order cannot be paid for (e.g. a PIN code we don't deliver to); the cart stays as it is. */
  paymentBlocked?: boolean;
}

interface Props extends CheckoutHandlers {
  readiness: CheckoutReadiness;
  prescriptionPending: boolean;
  onUploadPrescription(): void;
}

/** Payment method choice (hidden while prescriptions are pending) and the proceed button. */
export function CheckoutSlot({ readiness, prescriptionPending, onUploadPrescription, onProceed, busyLabel, deliveryStep, unavailableMethods = {}, paymentBlocked = false }: Props) {
  const method = useStore($paymentMethod);
  const blocked = readiness === 'empty' || readiness === 'unavailable-lines' || Boolean(busyLabel) || (!prescriptionPending && paymentBlocked);
  const disabled = blocked || (!prescriptionPending && !onProceed);

  return (
    <div className="space-y-4">
      {deliveryStep}
      {!prescriptionPending && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-gray-900">Payment Method</legend>
          {PAYMENT_METHODS.map((option) => {
            const unavailable = unavailableMethods[option.value];
            return (
              <label
                key={option.value}
                className="flex cursor-pointer flex-wrap items-center gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:text-gray-500"
              >
                <input
                  type="radio"
                  name="payment-method"
                  value={option.value}
                  checked={method === option.value}
                  disabled={Boolean(unavailable)}
                  aria-describedby={unavailable ? `payment-method-${option.value}-reason` : undefined}
                  onChange={() => $paymentMethod.set(option.value)}
                  className="accent-brand-700"
                />
                {option.label}
                {unavailable && (
                  <span id={`payment-method-${option.value}-reason`} className="basis-full text-xs text-gray-600">
                    {unavailable}
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
      )}
      <button
        type="button"
        disabled={disabled}
        onClick={() => (prescriptionPending ? onUploadPrescription() : onProceed?.(method))}
        className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
      >
        {busyLabel ?? (prescriptionPending ? UPLOAD_PRESCRIPTION : PROCEED_TO_PAY)}
      </button>
    </div>
  );
}
