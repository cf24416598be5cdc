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

export const ORDER_PLACED = text.orderPlaced;
export const ORDER_PLACED_TOAST = text.orderPlacedToast;
export const PHONEPE_VERIFIED = text.phonePeVerified;

export const PAYMENT_FAILED_HEADING = text.paymentFailedHeading;
export const RETRY_PAYMENT = text.retryPayment;
export const CHECK_AGAIN = text.checkAgain;
export const PAYMENT_FAILED = text.paymentFailed;
export const PAYMENT_FAILED_TRY_AGAIN = text.paymentFailedTryAgain;
export const PAYMENT_WAS_CANCELLED = text.paymentWasCancelled;
export const PAYMENT_CANCELLED_TOAST = text.paymentCancelledToast;

export const SDK_LOAD_FAILED = text.sdkLoadFailed;
export const SDK_NOT_LOADED = text.sdkNotLoaded;
export const NO_ORDER_ID = text.noOrderId;
export const CREATE_ORDER_TOAST = text.createOrderToast;
export const VERIFY_TOAST = text.verifyToast;
export const PHONEPE_CREATE_TOAST = text.phonePeCreateToast;

export const PHONEPE_PENDING = text.phonePePending;
export const PHONEPE_DECLINED = text.phonePeDeclined;
export const NO_TRANSACTION_ID = text.noTransactionId;
export const VERIFYING_PAYMENT = text.verifyingPayment;
export const RETURNING_TO_CART = text.returningToCart;
export const RETURNING_TO_REQUEST = text.returningToRequest;

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
export const REMOVE_FROM_CART = text.removeFromCart;
export const REFRESH_TOTAL = text.refreshTotal;
export const UPLOAD_PRESCRIPTION_AGAIN = cart.uploadPrescription;
export const uploadPrescriptionAgain = () => pageText('cart', cart).uploadPrescription;
export const phonePeStateFailed = (state: string, code: string) => fill(words().phonePeStateFailed, { state, code });

export const PLACING_COD_ORDER = text.placingCodOrder;
export const processingLabel = (method: PaymentMethod) =>
  collectedOnDelivery(method) ? words().placingCodOrder : fill(words().processingPayment, { method: pageText('paymentMethods', paymentMethods)[method] });
export const COD_ORDER_PLACED = text.codOrderPlaced;
export const COD_CREATE_TOAST = text.codCreateToast;

/** The coupon field in the order summary (issue 41). The server's refusals are its own sentences. */
export const COUPON_FIELD_LABEL = text.couponFieldLabel;
export const COUPON_APPLY = text.couponApply;
export const COUPON_APPLYING = text.couponApplying;
export const COUPON_REMOVE = text.couponRemove;
export const COUPON_NOT_CHECKED = text.couponNotChecked;
export const couponSaving = (code: string, saving: string) => fill(words().couponSaving, { code, saving });
