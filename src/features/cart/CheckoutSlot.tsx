import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { OFFERED_PAYMENT_METHODS } from './offered-methods';
import { $paymentMethod, PAYMENT_METHODS, type PaymentMethod, type UnavailableMethods } from './payment-method';
import type { CheckoutReadiness } from './cart-availability';
import { PROCEED_TO_PAY, UPLOAD_PRESCRIPTION } from './cart-strings';
import * as markup from './cart-view-markup';

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
  unavailableMethods?: UnavailableMethods;
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
    <div className={markup.CHECKOUT_SLOT_CLASS}>
      {deliveryStep}
      {!prescriptionPending && (
        <fieldset className={markup.PAYMENT_FIELDSET_CLASS}>
          <legend className={markup.PAYMENT_LEGEND_CLASS}>{markup.PAYMENT_LEGEND}</legend>
          {PAYMENT_METHODS.filter((option) => OFFERED_PAYMENT_METHODS.includes(option.value)).map((option) => {
            const unavailable = unavailableMethods[option.value];
            return (
              <label key={option.value} className={markup.PAYMENT_OPTION_CLASS}>
                <input
                  type="radio"
                  name={markup.PAYMENT_RADIO_NAME}
                  value={option.value}
                  checked={method === option.value}
                  disabled={Boolean(unavailable)}
                  aria-describedby={unavailable ? markup.paymentReasonId(option.value) : undefined}
                  onChange={() => $paymentMethod.set(option.value)}
                  className={markup.PAYMENT_RADIO_CLASS}
                />
                {option.label}
                {unavailable && (
                  <span id={markup.paymentReasonId(option.value)} className={markup.PAYMENT_REASON_CLASS}>
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
        className={markup.PROCEED_BUTTON_CLASS}
      >
        {busyLabel ?? (prescriptionPending ? UPLOAD_PRESCRIPTION : PROCEED_TO_PAY)}
      </button>
    </div>
  );
}
