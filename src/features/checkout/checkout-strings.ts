import { collectedOnDelivery, paymentMethodLabel, type PaymentMethod } from '../../domain/payment-methods';

/** Every customer-facing payment string of the spec (sections 4 and 8), in one place. */
export const BRAND_NAME = 'MediKart';
export const ORDER_DESCRIPTION = 'Medicine Order Payment';
/** The spec's dark green checkout theme (the brand's green). */
export const CHECKOUT_THEME_COLOR = '#065f46';

export const ORDER_PLACED = 'Payment received & order placed!';
export const ORDER_PLACED_TOAST = 'Payment received & order placed successfully!';
export const PHONEPE_VERIFIED = 'Payment verified successfully! Order placed.';

export const PAYMENT_FAILED_HEADING = 'Payment failed';
export const RETRY_PAYMENT = 'Retry Payment';
export const CHECK_AGAIN = 'Check again';
export const PAYMENT_FAILED = 'Payment failed';
export const PAYMENT_FAILED_TRY_AGAIN = 'Payment failed. Please try again.';
export const PAYMENT_WAS_CANCELLED = 'Payment was cancelled';
export const PAYMENT_CANCELLED_TOAST = 'Payment cancelled';

export const SDK_LOAD_FAILED = 'Razorpay SDK failed to load. Please check your internet connection.';
export const SDK_NOT_LOADED = 'Razorpay SDK not loaded';
export const NO_ORDER_ID = 'Order creation failed: No order ID received from backend';
export const CREATE_ORDER_TOAST = 'Failed to create order. Please try again.';
export const VERIFY_TOAST = 'Payment verification failed. Please try again.';
export const PHONEPE_CREATE_TOAST = 'Failed to create PhonePe order. Please try again.';

export const PHONEPE_PENDING = 'Payment is still pending. Please wait...';
export const PHONEPE_DECLINED = 'Payment verification failed or was declined';
export const NO_TRANSACTION_ID = 'No transaction ID found';
export const VERIFYING_PAYMENT = 'Verifying your payment...';
export const RETURNING_TO_CART = 'Taking you back to your cart...';
export const RETURNING_TO_REQUEST = 'Taking you back to your prescription request...';

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
    return text !== '' && text.length <= 200 && !/[{}<>"]/.test(text) ? text : PAYMENT_FAILED_TRY_AGAIN;
  }
  if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string' && parsed.error.trim() !== '') {
    return parsed.error.trim();
  }
  return PAYMENT_FAILED_TRY_AGAIN;
}

export const createOrderFailed = (status: number, body: string) => `Failed to create order: ${status} ${serverSentence(body)}`;
export const verifyFailed = (status: number, body: string) => `Payment verification failed: ${status} ${serverSentence(body)}`;
export const phonePeCreateFailed = (status: number, body: string) => `Failed to create PhonePe order: ${status} ${serverSentence(body)}`;
export const codCreateFailed = (status: number, body: string) => `Could not place your order: ${status} ${serverSentence(body)}`;
export const phonePeVerifyFailed = (status: number, body: string) => `PhonePe payment verification failed: ${status} ${serverSentence(body)}`;

/** The panel's actions for a refusal the customer can put right (instead of 'Retry Payment'). */
export const REMOVE_FROM_CART = 'Remove from cart';
export const REFRESH_TOTAL = 'Refresh total';
export const UPLOAD_PRESCRIPTION_AGAIN = 'Upload Prescription';
export const phonePeStateFailed = (state: string, code: string) => `Payment verification failed. State: ${state}, Response: ${code}`;

export const PLACING_COD_ORDER = 'Placing your order...';
export const processingLabel = (method: PaymentMethod) => (collectedOnDelivery(method) ? PLACING_COD_ORDER : `Processing ${paymentMethodLabel(method)} Payment...`);
export const COD_ORDER_PLACED = 'Order placed! Pay in cash when it arrives.';
export const COD_CREATE_TOAST = 'Failed to place your order. Please try again.';

/** The coupon field in the order summary (issue 41). The server's refusals are its own sentences. */
export const COUPON_FIELD_LABEL = 'Coupon code';
export const COUPON_APPLY = 'Apply';
export const COUPON_APPLYING = 'Checking…';
export const COUPON_REMOVE = 'Remove';
export const COUPON_NOT_CHECKED = 'The code could not be checked just now. Please try again.';
export const couponSaving = (code: string, saving: string) => `${code} applied: you save ${saving}.`;
