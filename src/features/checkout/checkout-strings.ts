import { collectedOnDelivery, type PaymentMethod } from '../../domain/payment-methods';
import { cart } from '../../domain/strings/english/cart';
import { checkout as text } from '../../domain/strings/english/checkout';
import { paymentMethods } from '../../domain/strings/english/paymentMethods';
import { fill } from '../../domain/strings/format';
import { pageText } from '../../lib/browser/page-text';

/**
 * Every customer-facing payment string of the spec (sections 4 and 8): the English constants are
 * views of the strings tables; the browser's flows read the page's own words (`words()`), which are
 * English's unless the page is in another language.
 */
export const words = () => pageText('checkout', text);
export const BRAND_NAME = 'MediKart';
export const ORDER_DESCRIPTION = 'Medicine Order Payment';
/** The spec's dark green checkout theme (the brand's green). */
export const CHECKOUT_THEME_COLOR = '#065f46';

export const PHONEPE_VERIFIED = text.phonePeVerified;

/**
 * The sentence a refusal body carries for the customer: the `error` field of the functions'
 * `{"error": "..."}`, or a short plain-text body; never raw JSON or markup.
 */
export function serverSentence(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const text = body.trim();
    return text !== '' && text.length <= 200 && !/[{}<>"]/.test(text) ? text : words().paymentFailedTryAgain;
  }
  if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string' && parsed.error.trim() !== '') {
    return parsed.error.trim();
  }
  return words().paymentFailedTryAgain;
}

const failed = (key: 'createOrderFailed' | 'verifyFailed' | 'phonePeCreateFailed' | 'codCreateFailed' | 'phonePeVerifyFailed') => (status: number, body: string) =>
  fill(words()[key], { status, sentence: serverSentence(body) });
export const createOrderFailed = failed('createOrderFailed');
export const verifyFailed = failed('verifyFailed');
export const phonePeCreateFailed = failed('phonePeCreateFailed');
export const codCreateFailed = failed('codCreateFailed');
export const phonePeVerifyFailed = failed('phonePeVerifyFailed');

/** The panel's actions for a refusal the customer can put right (instead of 'Retry Payment'). */
export const uploadPrescriptionAgain = () => pageText('cart', cart).uploadPrescription;
export const phonePeStateFailed = (state: string, code: string) => fill(words().phonePeStateFailed, { state, code });

export const processingLabel = (method: PaymentMethod) =>
  collectedOnDelivery(method) ? words().placingCodOrder : fill(words().processingPayment, { method: pageText('paymentMethods', paymentMethods)[method] });

/** The coupon field in the order summary (issue 41). The server's refusals are its own sentences. */
export const couponSaving = (code: string, saving: string) => fill(words().couponSaving, { code, saving });
