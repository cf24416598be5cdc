import { atom } from 'nanostores';
import type { PinCodeCheck } from '../../domain/delivery';
import type { DeliveryDetailsInput } from '../../domain/payment-contract';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-methods';
import { delivery } from '../../domain/strings/english/delivery';
import { pageText } from '../../lib/browser/page-text';

/** What the delivery step on /cart has settled, for the payment step to read. */
export interface DeliveryStepState {
  /** The details to send with the order; null until every field is valid. */
  details: DeliveryDetailsInput | null;
  /** The PIN code check for what the customer typed or chose; null before a 6-digit PIN code. */
  check: PinCodeCheck | null;
  /** Why payment on delivery cannot take this order (shown beside each such method), or null when it can. */
  codRefusal: string | null;
  /** Set when the customer tried to pay with details missing: every field then shows its error. */
  showErrors: boolean;
}

export const $deliveryStep = atom<DeliveryStepState>({ details: null, check: null, codRefusal: pageText('delivery', delivery).codNeedsPinCode, showErrors: false });

/** "Order updates on WhatsApp", ticked or not: sent with the details, recorded as the mobile's consent. */
export const $whatsappUpdates = atom(false);

/** The payment methods this delivery rules out, with the reason shown beside each. */
export function unavailableMethodsOf(state: DeliveryStepState): Partial<Record<PaymentMethod, string>> {
  const refusal = state.codRefusal;
  return refusal ? Object.fromEntries(PAYMENT_METHODS.filter((method) => method.collectedOnDelivery).map((method) => [method.value, refusal])) : {};
}

export function showDeliveryErrors(): void {
  $deliveryStep.set({ ...$deliveryStep.get(), showErrors: true });
}
