import { pageLanguage } from '../../lib/browser/page-text';
import { DEFAULT_LANGUAGE } from '../../domain/language';
import type { z } from 'zod';
import { cartLinesTotalPaise } from '../../domain/cart-total';
import { storedAttribution } from './utm';
import { couponFor } from '../cart/public';
import type { CartState } from '../../domain/cart-line';
import type { OrderRecord } from '../../domain/order-view';
import type {
  CodCreateResponse,
  CouponCheckRequest,
  CouponCheckResponse,
  CreateOrderBody,
  DeliveryDetailsInput,
  CreateOrderResponse,
  PhonePeCreateResponse,
  PhonePeVerifyResponse,
  RazorpayVerifyRequest,
} from '../../domain/payment-contract';
import { codCreateFailed, createOrderFailed, phonePeCreateFailed, phonePeVerifyFailed, verifyFailed, words } from './checkout-strings';

/** A refusal or a broken reply of the payment functions; `message` is the spec's text for it. */
export class PaymentApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PaymentApiError';
  }
}

export interface PaymentApiDependencies {
  fetch: typeof fetch;
  /** The signed-in customer's Supabase access token, or null for a guest. */
  accessToken(): Promise<string | null>;
}

/** A paid or placed order: its number, its page (with a guest's key) and, when sent, the order as that page draws it. */
export interface PlacedOrder {
  orderNumber: string;
  path: string;
  record?: OrderRecord;
}

/** What every create call carries: the total in paise, the lines the server prices, the buyer's cart session, prescriptions, delivery details and the campaign the customer came from. */
export function checkoutRequest(cart: CartState, delivery: DeliveryDetailsInput): CreateOrderBody {
  const lines = cart.items;
  // A code quoted for exactly these lines goes with the order, and the total the customer saw with it.
  const coupon = couponFor(lines);
  return {
    delivery: delivery as CreateOrderBody['delivery'],
    amount: cartLinesTotalPaise(lines) - (coupon?.discountPaise ?? 0),
    ...(coupon ? { couponCode: coupon.code } : {}),
    lines: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
    cartSessionId: cart.sessionId,
    prescriptionPaths: [...new Set(lines.flatMap((line) => (line.prescriptionFileUrl ? [line.prescriptionFileUrl] : [])))],
    attribution: storedAttribution(),
    // The page's language, for the order's messages; left out on the default language's pages (the server's default).
    ...(pageLanguage() === DEFAULT_LANGUAGE ? {} : { language: pageLanguage() }),
  };
}

type ErrorText = (status: number, body: string) => string;
type Contract = typeof import('../../domain/payment-contract');

/** The reply schemas, and zod with them, load with the first payment call rather than with the cart page. */
const loadContract = (): Promise<Contract> => import('../../domain/payment-contract');

/** Reads a JSON reply; unreadable text counts as no reply (null). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function placedOrder(reply: { orderNumber: string; guestKey?: string | undefined; record?: OrderRecord | undefined }, contract: Contract): PlacedOrder {
  return { orderNumber: reply.orderNumber, path: contract.orderPagePath(reply.orderNumber, reply.guestKey), ...(reply.record ? { record: reply.record } : {}) };
}

export function createPaymentApi({ fetch, accessToken }: PaymentApiDependencies) {
  async function send(path: string, body: unknown): Promise<{ status: number; ok: boolean; text: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = await accessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.status, ok: response.ok, text: await response.text() };
  }

  /** Posts and validates the reply with the contract's schema; a refusal or an off-contract reply throws. */
  async function post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schemaOf: (contract: Contract) => S,
    errorText: ErrorText,
  ): Promise<z.infer<S>> {
    const [reply, contract] = await Promise.all([send(path, body), loadContract()]);
    const parsed = reply.ok ? schemaOf(contract).safeParse(parseJson(reply.text)) : null;
    if (!parsed?.success) throw new PaymentApiError(errorText(reply.status, reply.text), reply.status);
    return parsed.data;
  }

  return {
    /** POST /api/coupons/check: the saving a code gives these lines; a refusal throws with the rule's sentence. */
    async checkCoupon(request: CouponCheckRequest): Promise<CouponCheckResponse> {
      // The page's language, for a refused code's sentence; left out on the default language's pages.
      const asked = pageLanguage() === DEFAULT_LANGUAGE ? request : { ...request, language: pageLanguage() };
      const [reply, contract] = await Promise.all([send('/api/coupons/check', asked), loadContract()]);
      const body = parseJson(reply.text);
      if (!reply.ok) {
        const sentence = reply.status === 422 && body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : words().couponNotChecked;
        throw new PaymentApiError(sentence, reply.status);
      }
      const parsed = contract.couponCheckResponseSchema.safeParse(body);
      if (!parsed.success) throw new PaymentApiError(words().couponNotChecked, reply.status);
      return parsed.data;
    },

    async createRazorpayOrder(request: CreateOrderBody): Promise<CreateOrderResponse['order']> {
      const [reply, contract] = await Promise.all([send('/api/razorpay/create-order', request), loadContract()]);
      if (!reply.ok) throw new PaymentApiError(createOrderFailed(reply.status, reply.text), reply.status);
      const parsed = contract.createOrderResponseSchema.safeParse(parseJson(reply.text));
      if (!parsed.success) throw new PaymentApiError(words().noOrderId, reply.status);
      return parsed.data.order;
    },

    async verifyRazorpayPayment(confirmation: RazorpayVerifyRequest): Promise<PlacedOrder> {
      const reply = await post('/api/razorpay/verify-payment', confirmation, (contract) => contract.razorpayVerifyResponseSchema, verifyFailed);
      if (!reply.verified) throw new PaymentApiError(verifyFailed(200, JSON.stringify(reply)), 200);
      return placedOrder(reply, await loadContract());
    },

    /** Cash on delivery: the order is placed at once, without an online payment. */
    async createCodOrder(request: CreateOrderBody): Promise<PlacedOrder> {
      const reply: CodCreateResponse = await post('/api/cod/create-order', request, (contract) => contract.codCreateResponseSchema, codCreateFailed);
      return placedOrder(reply, await loadContract());
    },

    createPhonePePayment(request: CreateOrderBody, merchantTransactionId: string): Promise<PhonePeCreateResponse> {
      return post('/api/phonepe/create-payment', { ...request, merchantTransactionId }, (contract) => contract.phonePeCreateResponseSchema, phonePeCreateFailed);
    },

    /** The reply as read (verified, state, responseCode); what it means is phonepe-outcome's job. A paid one names its order. */
    async verifyPhonePePayment(merchantTransactionId: string): Promise<PhonePeVerifyResponse & { order: PlacedOrder | null }> {
      const reply = await post('/api/phonepe/verify-payment', { merchantTransactionId }, (contract) => contract.phonePeVerifyResponseSchema, phonePeVerifyFailed);
      const { orderNumber } = reply;
      return { ...reply, order: orderNumber ? placedOrder({ orderNumber, guestKey: reply.guestKey, record: reply.record }, await loadContract()) : null };
    },
  };
}

export type PaymentApi = ReturnType<typeof createPaymentApi>;
