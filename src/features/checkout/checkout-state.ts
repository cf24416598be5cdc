import type { PaymentMethod } from '../cart/public';
import { processingLabel } from './checkout-strings';
import type { RefusalAction } from './refusal-action';

/** How long the failure panel stays before it hides itself (spec: 5 s). */
export const FAILURE_PANEL_MS = 5000;
/** The wait on /cart after returning from PhonePe before verifying (spec: 2 s). */
export const PHONEPE_VERIFY_DELAY_MS = 2000;

/**
 * The payment step on /cart. `processing` covers creating the order and the provider's page,
 * `verifying` the check with our server afterwards; `pending` is a PhonePe payment PhonePe has not
 * settled yet, which the customer can check again.
 */
export type CheckoutState =
  | { status: 'idle' }
  | { status: 'processing'; method: PaymentMethod }
  | { status: 'verifying'; method: PaymentMethod }
  | { status: 'pending'; message: string }
  | { status: 'placed'; message: string }
  | { status: 'failed'; reason: string; action?: RefusalAction };

export type CheckoutEvent =
  | { type: 'start'; method: PaymentMethod }
  | { type: 'verify'; method: PaymentMethod }
  | { type: 'placed'; message: string }
  | { type: 'pending'; message: string }
  | { type: 'failed'; reason: string; action?: RefusalAction }
  | { type: 'failure-hidden' };

export const initialCheckoutState: CheckoutState = { status: 'idle' };

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'start':
      // No double submit: a payment in progress ignores a second start.
      return isBusy(state) ? state : { status: 'processing', method: event.method };
    case 'verify':
      return { status: 'verifying', method: event.method };
    case 'placed':
      return { status: 'placed', message: event.message };
    case 'pending':
      return { status: 'pending', message: event.message };
    case 'failed':
      // A late failure report cannot undo a placed order.
      if (state.status === 'placed') return state;
      return event.action ? { status: 'failed', reason: event.reason, action: event.action } : { status: 'failed', reason: event.reason };
    case 'failure-hidden':
      return state.status === 'failed' ? initialCheckoutState : state;
  }
}

export function isBusy(state: CheckoutState): state is Extract<CheckoutState, { status: 'processing' | 'verifying' }> {
  return state.status === 'processing' || state.status === 'verifying';
}

/** The proceed button's text while the step works; null lets the cart show its own. */
export function busyLabelOf(state: CheckoutState): string | null {
  return isBusy(state) ? processingLabel(state.method) : null;
}
