import type { CheckoutState } from './checkout-state';
import { uploadPrescriptionAgain, words } from './checkout-strings';
import type { RefusalAction } from './refusal-action';

const actionLabel = (kind: RefusalAction['kind']): string =>
  kind === 'remove-line' ? words().removeFromCart : kind === 'refresh-total' ? words().refreshTotal : uploadPrescriptionAgain();

interface Props {
  state: CheckoutState;
  /** Offered on a failure while the cart still holds something to pay for. */
  onRetry: (() => void) | null;
  onCheckAgain(): void;
  /** Puts right a refusal the customer can act on (offered instead of a retry that would be refused again). */
  onAction(action: RefusalAction): void;
}

/** The payment step's panels above the cart: verifying, placed, pending and failed. */
export function PaymentPanels({ state, onRetry, onCheckAgain, onAction }: Props) {
  switch (state.status) {
    case 'verifying':
      return (
        <div role="status" className="mb-6 rounded-xl border border-gray-200 bg-gray-50 p-4 text-gray-800">
          {words().verifyingPayment}
        </div>
      );
    case 'placed':
      return (
        <div role="status" className="mb-6 rounded-xl border border-brand-600 bg-brand-50 p-4 font-semibold text-brand-900">
          {state.message}
        </div>
      );
    case 'pending':
      return (
        <div role="status" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-900">
          <p>{state.message}</p>
          <button
            type="button"
            onClick={onCheckAgain}
            className="rounded-md border border-amber-600 px-4 py-2 text-sm font-semibold hover:bg-amber-100"
          >
            {words().checkAgain}
          </button>
        </div>
      );
    case 'failed':
      return (
        <section role="alert" aria-labelledby="payment-failed-heading" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <h2 id="payment-failed-heading" className="font-semibold">
            {words().paymentFailedHeading}
          </h2>
          <p className="mt-1 text-sm break-words">{state.reason}</p>
          {state.action ? (
            <button
              type="button"
              onClick={() => state.action && onAction(state.action)}
              className="mt-3 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              {state.action.kind === 'remove-line' ? `${words().removeFromCart}: ${state.action.productName}` : actionLabel(state.action.kind)}
            </button>
          ) : onRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="mt-3 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              {words().retryPayment}
            </button>
          )}
        </section>
      );
    default:
      return null;
  }
}
