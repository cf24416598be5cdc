import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { describe, expect, it, vi } from 'vitest';
import { checkoutRequest, createPaymentApi } from './payment-api';
import type { CartState } from '../../domain/cart-line';

const product = (id: number, mrp_paise: number, requires_prescription = false) => ({
  id,
  name: `Medicine ${id}`,
  slug: `medicine-${id}`,
  mrp_paise,
  thumbnail_image: DEFAULT_PRODUCT_IMAGE,
  category: 'allopathy',
  requires_prescription,
  sale_state: 'ADD TO CART' as const,
});

const delivery = {
  full_name: 'Asha Rao',
  mobile: '9845012345',
  line1: '12, 4th Cross',
  area: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka' as const,
  pin_code: '560038',
  email: 'asha@example.test',
};

const cart: CartState = {
  sessionId: '6f1c1b8e-7a55-4c1e-9d2a-0d4f6a1b2c3d',
  items: [
    { product: product(1, 3450, true), quantity: 2, prescriptionAccepted: true, prescriptionFileUrl: 'guest-x/rx.png' },
    { product: product(14, 2110), quantity: 3, prescriptionAccepted: true, prescriptionFileUrl: null },
  ],
};

function replying(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn<typeof fetch>(async () => new Response(text, { status }));
}

function sentBody(fetch: ReturnType<typeof replying>): unknown {
  return JSON.parse(String(fetch.mock.calls[0]![1]!.body));
}

describe('checkoutRequest', () => {
  it('sends the lines, the cart session, the prescription paths, the delivery details and the total in paise', () => {
    expect(checkoutRequest(cart, delivery)).toEqual({
      delivery,
      amount: 13230,
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 14, quantity: 3 },
      ],
      cartSessionId: cart.sessionId,
      prescriptionPaths: ['guest-x/rx.png'],
    });
  });
});

describe('createPaymentApi', () => {
  it('posts JSON with the customer token when signed in', async () => {
    const fetch = replying(200, { order: { id: 'order_1', amount: 13230, currency: 'INR' } });
    const api = createPaymentApi({ fetch, accessToken: async () => 'token-1' });
    await expect(api.createRazorpayOrder(checkoutRequest(cart, delivery))).resolves.toEqual({ id: 'order_1', amount: 13230, currency: 'INR' });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/razorpay/create-order');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer token-1' });
    expect(sentBody(fetch)).toEqual(checkoutRequest(cart, delivery));
  });

  it('sends no authorization for a guest', async () => {
    const fetch = replying(200, { verified: true, orderId: 'o', orderNumber: 'MK-2611-000001' });
    await createPaymentApi({ fetch, accessToken: async () => null }).verifyRazorpayPayment({
      razorpay_order_id: 'order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
    expect(fetch.mock.calls[0]![1]!.headers).toEqual({ 'content-type': 'application/json' });
  });

  it("reports a refused order with its status and the server's sentence", async () => {
    const api = createPaymentApi({ fetch: replying(409, '{"error":"Prices changed"}'), accessToken: async () => null });
    await expect(api.createRazorpayOrder(checkoutRequest(cart, delivery))).rejects.toThrow(/^Failed to create order: 409 Prices changed$/);
  });

  it('reports an order reply without an id', async () => {
    const api = createPaymentApi({ fetch: replying(200, { order: {} }), accessToken: async () => null });
    await expect(api.createRazorpayOrder(checkoutRequest(cart, delivery))).rejects.toThrow('Order creation failed: No order ID received from backend');
  });

  it('reports a refused verification', async () => {
    const api = createPaymentApi({ fetch: replying(400, '{"verified":false,"error":"Invalid signature"}'), accessToken: async () => null });
    await expect(
      api.verifyRazorpayPayment({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' }),
    ).rejects.toThrow(/^Payment verification failed: 400 Invalid signature$/);
  });

  it('creates a PhonePe payment with the transaction id and reads the redirect', async () => {
    const reply = {
      success: true,
      data: { merchantTransactionId: 'TXN_1_AAAAAAAA', instrumentResponse: { redirectInfo: { url: 'http://pay/1', method: 'GET' } } },
    };
    const fetch = replying(200, reply);
    const api = createPaymentApi({ fetch, accessToken: async () => null });
    await expect(api.createPhonePePayment(checkoutRequest(cart, delivery), 'TXN_1_AAAAAAAA')).resolves.toEqual(reply);
    expect(fetch.mock.calls[0]![0]).toBe('/api/phonepe/create-payment');
    expect(sentBody(fetch)).toMatchObject({ merchantTransactionId: 'TXN_1_AAAAAAAA', amount: 13230 });
  });

  it('reports PhonePe refusals with the spec wording', async () => {
    const refusing = createPaymentApi({ fetch: replying(502, '{"error":"down"}'), accessToken: async () => null });
    await expect(refusing.createPhonePePayment(checkoutRequest(cart, delivery), 'TXN_1_AAAAAAAA')).rejects.toThrow(/^Failed to create PhonePe order: 502 down$/);
    await expect(refusing.verifyPhonePePayment('TXN_1_AAAAAAAA')).rejects.toThrow(/^PhonePe payment verification failed: 502 down$/);
  });

  it('verifies a PhonePe payment by its transaction id', async () => {
    const reply = { verified: false, data: { state: 'PENDING', responseCode: 'PAYMENT_PENDING' } };
    const fetch = replying(200, reply);
    await expect(createPaymentApi({ fetch, accessToken: async () => null }).verifyPhonePePayment('TXN_1_AAAAAAAA')).resolves.toEqual({ ...reply, order: null });
    expect(sentBody(fetch)).toEqual({ merchantTransactionId: 'TXN_1_AAAAAAAA' });
  });

  it("leads a verified payment to its order's page, with a guest's key", async () => {
    const fetch = replying(200, { verified: true, orderId: 'o', orderNumber: 'MK-2611-000042', guestKey: 'k-e_y' });
    const placed = await createPaymentApi({ fetch, accessToken: async () => null }).verifyRazorpayPayment({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' });
    expect(placed).toEqual({ orderNumber: 'MK-2611-000042', path: '/orders/MK-2611-000042?key=k-e_y' });
  });

  it('places a cash on delivery order and leads a signed-in customer to its page', async () => {
    const fetch = replying(200, { placed: true, orderNumber: 'MK-2611-000043' });
    const placed = await createPaymentApi({ fetch, accessToken: async () => 'token-1' }).createCodOrder(checkoutRequest(cart, delivery));
    expect(fetch.mock.calls[0]![0]).toBe('/api/cod/create-order');
    expect(placed).toEqual({ orderNumber: 'MK-2611-000043', path: '/orders/MK-2611-000043' });
  });

  it('reports a refused cash on delivery order with the server sentence', async () => {
    const api = createPaymentApi({ fetch: replying(422, '{"error":"Cash on delivery is not available at this PIN code"}'), accessToken: async () => null });
    await expect(api.createCodOrder(checkoutRequest(cart, delivery))).rejects.toThrow('Could not place your order: 422 Cash on delivery is not available at this PIN code');
  });
});
