import { z } from 'zod';
import { addressSchema } from './address';
import { DEFAULT_LANGUAGE, languageCodeSchema } from './language';
import { address } from './strings/english/address';
import { orderAttributionSchema } from './order-attribution';
import { orderRecordSchema } from './order-view';
import { prescriptionRequestReferenceSchema } from './prescription-request-payment';

export { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';

/**
 * The browser-facing payment API (same origin, JSON, POST only; wrong method -> 405).
 *
 * POST /api/razorpay/create-order   CreateOrderRequest      -> 200 CreateOrderResponse
 * POST /api/razorpay/verify-payment RazorpayVerifyRequest   -> 200 {verified: true, orderId} | 400 {verified: false, error}
 * POST /api/phonepe/create-payment  PhonePeCreateRequest    -> 200 PhonePeCreateResponse
 * POST /api/phonepe/verify-payment  PhonePeVerifyRequest    -> 200 PhonePeVerifyResponse
 * POST /api/cod/create-order        CreateOrderRequest      -> 200 CodCreateResponse
 * A verified or placed reply carries orderNumber (and guestKey for a guest): see orderPagePath.
 * POST /api/razorpay/webhook, /api/phonepe/webhook: provider-to-server only.
 *
 * Money is in paise end to end: `amount` is the total the customer saw, in paise, and replies carry
 * paise as the providers do. Shared by the browser and the functions; it imports neither.
 * Optional header `Authorization: Bearer <supabase access token>`: the order belongs to that user and
 * prescription paths must start with '<user id>/'; without it the buyer is the guest cart session
 * and paths must start with 'guest-<cartSessionId>/'. An invalid token is refused with 401.
 *
 * Every 4xx/5xx body is ErrorResponse; an unexpected failure is 500 {"error": "Internal error"}. Refusals: 400 malformed JSON, wrong types, unknown fields,
 * body over 32 KB, missing verify fields ('Missing razorpay_order_id' ...); 401 bad access token;
 * 404 unknown order; 409 amount differs from the current total (the message says it), a product is
 * sold out or discontinued, transaction id reused; 422 unknown product, quantity not 1..20, total
 * below Rs 1, prescription missing or outside the buyer's folder, a PIN code we don't deliver to, a
 * guest without an email, cash on delivery not allowed (each with the sentence the customer sees);
 * 502 provider unreachable.
 */

export const MAX_LINES = 50;
export { MAX_QUANTITY_PER_LINE } from './cart-line';

export const orderLineRequestSchema = z.strictObject({
  productId: z.number({ error: 'lines[].productId must be a number' }).int('lines[].productId must be a whole number'),
  // Range checks are business refusals (422, naming the product), so only the type is checked here.
  quantity: z.number({ error: 'lines[].quantity must be a number' }),
});
export type OrderLineRequest = z.infer<typeof orderLineRequestSchema>;

const orderLinesSchema = z
  .array(orderLineRequestSchema, { error: 'lines must be a list of cart lines' })
  .min(1, 'lines must hold at least one cart line')
  .max(MAX_LINES, `lines may hold at most ${MAX_LINES} cart lines`)
  .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
    message: 'lines must not repeat a product',
  });

export const GUEST_EMAIL_MESSAGE = address.guestEmail;

/**
 * Where the order goes and whom to tell: the saved-address fields (the accounts schema, so the form,
 * the account and the server refuse the same things) plus an email, which a guest must give. The
 * zone and delivery date are never sent: the server works them out from the PIN code.
 */
export const deliveryDetailsSchema = z.strictObject({
  ...addressSchema.pick({ full_name: true, mobile: true, line1: true, area: true, landmark: true, city: true, state: true, pin_code: true }).shape,
  email: z.email(GUEST_EMAIL_MESSAGE).max(255, GUEST_EMAIL_MESSAGE).optional(),
  /** Ticked "Order updates on WhatsApp" (src/domain/whatsapp-consent.ts): recorded as the mobile's consent. */
  whatsappUpdates: z.boolean({ error: 'whatsappUpdates must be true or false' }).optional(),
});
export type DeliveryDetailsInput = z.input<typeof deliveryDetailsSchema>;
export type DeliveryDetails = z.output<typeof deliveryDetailsSchema>;

/** The language an order or request is placed in (src/domain/language.ts); a body without one is English. */
export const orderLanguageSchema = languageCodeSchema.default(DEFAULT_LANGUAGE);

const checkoutFields = {
  delivery: deliveryDetailsSchema,
  amount: z.number({ error: 'amount must be a number of paise' }).int('amount must be a whole number of paise'),
  lines: orderLinesSchema,
  cartSessionId: z.uuid({ error: 'cartSessionId must be a UUID' }),
  prescriptionPaths: z
    .array(z.string({ error: 'prescriptionPaths must be a list of storage paths' }).min(1).max(1024), {
      error: 'prescriptionPaths must be a list of storage paths',
    })
    .max(100, 'prescriptionPaths may hold at most 100 paths'),
  attribution: orderAttributionSchema.optional(),
  /** A coupon code the customer typed (any case); the server prices the order with it or refuses with its rule's sentence (422). */
  couponCode: z.string({ error: 'couponCode must be text' }).trim().min(1, 'couponCode must not be empty').max(40, 'couponCode may be at most 40 characters').optional(),
  /** Paying for a pharmacist's proposal (prescription-request-payment.ts); absent for an ordinary cart. */
  prescriptionRequest: prescriptionRequestReferenceSchema.optional(),
  /** The language of the page the order was placed from: its messages go out in it (English when absent). */
  language: orderLanguageSchema,
};

export const createOrderRequestSchema = z.strictObject(checkoutFields);
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;
/** The body as the browser sends it: `language` may be left out (English). */
export type CreateOrderBody = z.input<typeof createOrderRequestSchema>;

/**
 * POST /api/coupons/check: what a code takes off this cart before paying (public, rate-limited,
 * Authorization optional as for create-order: a signed-in customer's uses count by account, a
 * guest's by the mobile typed, when typed). 200 CouponCheckResponse, or 422 {error} with the rule's
 * sentence; create-order checks the code again and the database takes its use.
 */
export const couponCheckRequestSchema = z.strictObject({
  code: checkoutFields.couponCode.unwrap(),
  lines: orderLinesSchema,
  mobile: z.string({ error: 'mobile must be text' }).max(20).optional(),
  /** The page's language: a refused code is said in it (English when absent). */
  language: orderLanguageSchema,
});
export type CouponCheckRequest = z.input<typeof couponCheckRequestSchema>;

export const couponCheckResponseSchema = z.object({
  code: z.string(),
  description: z.string(),
  subtotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  amountPaise: z.number().int(),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

export const createOrderResponseSchema = z.object({
  order: z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.literal('INR') }),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/**
 * Every successful payment reply names the order; a guest's also carries the key to its page, and
 * the order as that page draws it comes along (so the page needs no call of its own).
 */
const placedOrderFields = { orderNumber: z.string(), guestKey: z.string().optional(), record: z.optional(orderRecordSchema) };

/** POST /api/cod/create-order: the same body as Razorpay's; the order is placed at once, paid at the door. */
export const codCreateResponseSchema = z.object({ placed: z.literal(true), ...placedOrderFields });
export type CodCreateResponse = z.infer<typeof codCreateResponseSchema>;

/** The one built page behind every order's address (netlify.toml rewrites /orders/* to it). */
export const ORDER_PAGE_FILE = '/orders/view';

/** Where a paid or placed order is shown: its page, with the guest's key when there is no account. */
export function orderPagePath(orderNumber: string, guestKey?: string): string {
  const page = `/orders/${encodeURIComponent(orderNumber)}`;
  return guestKey ? `${page}?key=${encodeURIComponent(guestKey)}` : page;
}

export const RAZORPAY_VERIFY_FIELDS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

export const razorpayVerifyRequestSchema = z.strictObject({
  razorpay_order_id: z.string({ error: 'razorpay_order_id must be text' }).max(100),
  razorpay_payment_id: z.string({ error: 'razorpay_payment_id must be text' }).max(100),
  razorpay_signature: z.string({ error: 'razorpay_signature must be text' }).max(200),
});
export type RazorpayVerifyRequest = z.infer<typeof razorpayVerifyRequestSchema>;

export const razorpayVerifyResponseSchema = z.discriminatedUnion('verified', [
  z.object({ verified: z.literal(true), orderId: z.string(), ...placedOrderFields }),
  z.object({ verified: z.literal(false), error: z.string() }),
]);
export type RazorpayVerifyResponse = z.infer<typeof razorpayVerifyResponseSchema>;

export const MERCHANT_TRANSACTION_ID_PATTERN = /^TXN_[A-Za-z0-9_]{6,60}$/;

export const phonePeCreateRequestSchema = z.strictObject({
  ...checkoutFields,
  merchantTransactionId: z
    .string({ error: 'merchantTransactionId must be text' })
    .regex(MERCHANT_TRANSACTION_ID_PATTERN, 'merchantTransactionId must look like TXN_ followed by 6 to 60 letters, digits or _'),
});
export type PhonePeCreateRequest = z.infer<typeof phonePeCreateRequestSchema>;

export const phonePeCreateResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    merchantTransactionId: z.string(),
    instrumentResponse: z.object({ redirectInfo: z.object({ url: z.string(), method: z.literal('GET') }) }),
  }),
});
export type PhonePeCreateResponse = z.infer<typeof phonePeCreateResponseSchema>;

export const phonePeVerifyRequestSchema = z.strictObject({
  merchantTransactionId: z.string({ error: 'merchantTransactionId must be text' }).max(100),
  merchantId: z.string({ error: 'merchantId must be text' }).max(100).optional(),
});
export type PhonePeVerifyRequest = z.infer<typeof phonePeVerifyRequestSchema>;

export const PAYMENT_STATES = ['COMPLETED', 'PENDING', 'FAILED'] as const;
export const RESPONSE_CODES = ['PAYMENT_SUCCESS', 'PAYMENT_PENDING', 'PAYMENT_ERROR'] as const;

export const phonePeVerifyResponseSchema = z.object({
  verified: z.boolean(),
  orderNumber: placedOrderFields.orderNumber.optional(),
  guestKey: placedOrderFields.guestKey,
  record: placedOrderFields.record,
  data: z.object({ state: z.enum(PAYMENT_STATES), responseCode: z.enum(RESPONSE_CODES) }),
});
export type PhonePeVerifyResponse = z.infer<typeof phonePeVerifyResponseSchema>;

export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

