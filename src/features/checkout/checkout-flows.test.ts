import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { describe, expect, it, vi } from 'vitest';
import type { CartState } from '../../domain/cart-line';
import type { CheckoutEvent } from './checkout-state';
import { payWithCod, payWithPhonePe, payWithRazorpay, type PhonePeContext, type RazorpayContext, verifyStoredPhonePePayment } from './checkout-flows';
import { type PaymentApi, PaymentApiError } from './payment-api';
import { readPendingPayment, storePendingPayment } from './phonepe-transaction';
import type { RazorpayConstructor, RazorpayFailure, RazorpayOptions } from './razorpay-sdk';

const cart: CartState = {
  sessionId: '6f1c1b8e-7a55-4c1e-9d2a-0d4f6a1b2c3d',
  items: [
    {
      product: { id: 14, name: 'Cetirizine', slug: 'cetirizine', mrp_paise: 2100, thumbnail_image: DEFAULT_PRODUCT_IMAGE, category: 'allopathy', requires_prescription: false, sale_state: 'ADD TO CART' },
      quantity: 3,
      prescriptionAccepted: true,
      prescriptionFileUrl: null,
    },
  ],
};

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
const placedOrder = { orderNumber: 'MK-2611-000042', path: '/orders/MK-2611-000042?key=abc' };

const confirmation = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

function sessionStore(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

/** A stand-in checkout that records its options and lets the test act as the customer. */
function fakeRazorpay() {
  const opened: { options: RazorpayOptions; failed?: (failure: RazorpayFailure) => void }[] = [];
  const Razorpay = vi.fn(function (this: unknown, options: RazorpayOptions) {
    const entry: (typeof opened)[number] = { options };
    opened.push(entry);
    return { on: (_event: string, callback: (failure: RazorpayFailure) => void) => (entry.failed = callback), open: () => undefined };
  }) as unknown as RazorpayConstructor;
  return { Razorpay, opened };
}

function context(api: Partial<PaymentApi>, overrides: Partial<RazorpayContext & PhonePeContext> = {}) {
  const events: CheckoutEvent[] = [];
  const toasts: string[] = [];
  const clearCart = vi.fn();
  const value: RazorpayContext & PhonePeContext = {
    api: api as PaymentApi,
    cart: () => cart,
    clearCart,
    dispatch: (event) => events.push(event),
    toast: (kind, message) => toasts.push(`${kind}: ${message}`),
    email: async () => 'demo@pharmacy.test',
    delivery: () => delivery,
    openOrder: vi.fn(),
    keyId: 'rzp_test_key',
    loadRazorpay: async () => fakeRazorpay().Razorpay,
    warmOrderPage: vi.fn(),
    storage: sessionStore(),
    returnPath: '/cart',
    redirect: vi.fn(),
    now: () => 1_700_000_000_000,
    ...overrides,
  };
  return { value, events, toasts, clearCart };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('payWithRazorpay', () => {
  it('opens the checkout with the spec options and empties the cart only after verifying', async () => {
    const { Razorpay, opened } = fakeRazorpay();
    const verify = vi.fn(async () => placedOrder);
    const run = context({ createRazorpayOrder: async () => ({ id: 'order_1', amount: 6300, currency: 'INR' }), verifyRazorpayPayment: verify }, { loadRazorpay: async () => Razorpay });
    await payWithRazorpay(run.value);

    const { options } = opened[0]!;
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      amount: 6300,
      currency: 'INR',
      name: 'MediKart',
      description: 'Medicine Order Payment',
      order_id: 'order_1',
      notes: { item_count: 3, total: '63.00' },
      prefill: { email: 'demo@pharmacy.test' },
      theme: { color: '#065f46' },
      retry: { enabled: true, max_count: 3 },
      modal: { escape: false, backdropclose: false },
    });
    expect(run.clearCart).not.toHaveBeenCalled();
    // The order page's scripts are fetched while the customer pays, not before the window is open.
    expect(run.value.warmOrderPage).toHaveBeenCalledOnce();

    options.handler(confirmation);
    await settle();
    expect(verify).toHaveBeenCalledWith(confirmation);
    expect(run.clearCart).toHaveBeenCalledOnce();
    expect(run.events.at(-1)).toEqual({ type: 'placed', message: 'Payment received & order placed!' });
    expect(run.toasts).toEqual(['success: Payment received & order placed successfully!']);
    expect(run.value.openOrder).toHaveBeenCalledWith(placedOrder, { message: 'Payment received & order placed!', toast: 'Payment received & order placed successfully!' });
  });

  it('keeps the cart when verification fails', async () => {
    const { Razorpay, opened } = fakeRazorpay();
    const run = context(
      {
        createRazorpayOrder: async () => ({ id: 'order_1', amount: 6300, currency: 'INR' }),
        verifyRazorpayPayment: async () => Promise.reject(new PaymentApiError('Payment verification failed: 400 {}', 400)),
      },
      { loadRazorpay: async () => Razorpay },
    );
    await payWithRazorpay(run.value);
    opened[0]!.options.handler(confirmation);
    await settle();
    expect(run.clearCart).not.toHaveBeenCalled();
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'Payment verification failed: 400 {}' });
    expect(run.toasts).toEqual(['error: Payment verification failed. Please try again.']);
  });

  it('reports a dismissed checkout and a failed payment', async () => {
    const { Razorpay, opened } = fakeRazorpay();
    const run = context({ createRazorpayOrder: async () => ({ id: 'order_1', amount: 6300, currency: 'INR' }) }, { loadRazorpay: async () => Razorpay });
    await payWithRazorpay(run.value);
    opened[0]!.failed!({ error: { description: 'Card declined by bank' } });
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'Card declined by bank' });
    opened[0]!.failed!({});
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'Payment failed' });
    opened[0]!.options.modal.ondismiss();
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'Payment was cancelled' });
    expect(run.toasts.at(-1)).toBe('info: Payment cancelled');
  });

  it('reports a script that failed to load and an order that could not be created', async () => {
    const noScript = context({}, { loadRazorpay: async () => Promise.reject(new Error('Razorpay SDK failed to load. Please check your internet connection.')) });
    await payWithRazorpay(noScript.value);
    expect(noScript.events).toEqual([
      { type: 'start', method: 'razorpay' },
      { type: 'failed', reason: 'Razorpay SDK failed to load. Please check your internet connection.' },
    ]);

    const refused = context({ createRazorpayOrder: async () => Promise.reject(new PaymentApiError('Failed to create order: 409 {}', 409)) });
    await payWithRazorpay(refused.value);
    expect(refused.events.at(-1)).toEqual({ type: 'failed', reason: 'Failed to create order: 409 {}' });
    expect(refused.toasts).toEqual(['error: Failed to create order. Please try again.']);
    expect(noScript.value.warmOrderPage).not.toHaveBeenCalled();
    expect(refused.value.warmOrderPage).not.toHaveBeenCalled();
  });
});

describe('payWithPhonePe', () => {
  it('stores the transaction, total and method, then leaves for PhonePe', async () => {
    const create = vi.fn(async (_request: unknown, id: string) => ({
      success: true as const,
      data: { merchantTransactionId: id, instrumentResponse: { redirectInfo: { url: 'http://phonepe/pay/1', method: 'GET' as const } } },
    }));
    const run = context({ createPhonePePayment: create });
    await payWithPhonePe(run.value);
    const id = create.mock.calls[0]![1];
    expect(id).toMatch(/^TXN_1700000000000_[A-Z0-9]{8}$/);
    expect(readPendingPayment(run.value.storage)).toEqual({ merchantTransactionId: id, totalPaise: 6300, method: 'phonepe', returnPath: '/cart' });
    expect(run.value.redirect).toHaveBeenCalledWith('http://phonepe/pay/1');
  });

  it('remembers a prescription request page as the page to come back to', async () => {
    const create = vi.fn(async (_request: unknown, id: string) => ({
      success: true as const,
      data: { merchantTransactionId: id, instrumentResponse: { redirectInfo: { url: 'http://phonepe/pay/2', method: 'GET' as const } } },
    }));
    const run = context({ createPhonePePayment: create }, { returnPath: '/prescription-request?number=RX-2611-000042&key=k' });
    await payWithPhonePe(run.value);
    expect(readPendingPayment(run.value.storage)?.returnPath).toBe('/prescription-request?number=RX-2611-000042&key=k');
    // The cart does not take it for its own.
    expect(readPendingPayment(run.value.storage, '/cart')).toBeNull();
  });

  it('stays on the cart when PhonePe refuses', async () => {
    const run = context({ createPhonePePayment: async () => Promise.reject(new PaymentApiError('Failed to create PhonePe order: 502 {}', 502)) });
    await payWithPhonePe(run.value);
    expect(readPendingPayment(run.value.storage)).toBeNull();
    expect(run.value.redirect).not.toHaveBeenCalled();
    expect(run.toasts).toEqual(['error: Failed to create PhonePe order. Please try again.']);
  });
});

describe('verifyStoredPhonePePayment', () => {
  const stored = { merchantTransactionId: 'TXN_1_AAAAAAAA', totalPaise: 6300, method: 'phonepe' as const, returnPath: '/cart' };

  it('a verified payment empties the cart and forgets the stored payment', async () => {
    const run = context({ verifyPhonePePayment: async () => ({ verified: true, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' }, order: placedOrder }) });
    storePendingPayment(run.value.storage, stored);
    await verifyStoredPhonePePayment(run.value);
    expect(run.clearCart).toHaveBeenCalledOnce();
    expect(readPendingPayment(run.value.storage)).toBeNull();
    expect(run.events.at(-1)).toEqual({ type: 'placed', message: 'Payment verified successfully! Order placed.' });
    expect(run.value.openOrder).toHaveBeenCalledWith(placedOrder, { message: 'Payment verified successfully! Order placed.', toast: 'Payment verified successfully! Order placed.' });
  });

  it('a pending payment keeps the cart and the stored payment for another check', async () => {
    const run = context({ verifyPhonePePayment: async () => ({ verified: false, data: { state: 'PENDING', responseCode: 'PAYMENT_PENDING' }, order: null }) });
    storePendingPayment(run.value.storage, stored);
    await verifyStoredPhonePePayment(run.value);
    expect(run.clearCart).not.toHaveBeenCalled();
    expect(readPendingPayment(run.value.storage)).toEqual(stored);
    expect(run.events.at(-1)).toEqual({ type: 'pending', message: 'Payment is still pending. Please wait...' });
  });

  it('a failed payment keeps the cart and forgets the stored payment', async () => {
    const run = context({ verifyPhonePePayment: async () => ({ verified: false, data: { state: 'FAILED', responseCode: 'PAYMENT_ERROR' }, order: null }) });
    storePendingPayment(run.value.storage, stored);
    await verifyStoredPhonePePayment(run.value);
    expect(run.clearCart).not.toHaveBeenCalled();
    expect(readPendingPayment(run.value.storage)).toBeNull();
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'Payment verification failed. State: FAILED, Response: PAYMENT_ERROR' });
  });

  it('an unanswered check keeps the stored payment', async () => {
    const run = context({ verifyPhonePePayment: async () => Promise.reject(new PaymentApiError('PhonePe payment verification failed: 502 {}', 502)) });
    storePendingPayment(run.value.storage, stored);
    await verifyStoredPhonePePayment(run.value);
    expect(readPendingPayment(run.value.storage)).toEqual(stored);
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'PhonePe payment verification failed: 502 {}' });
  });

  it('leaves a payment started on a request page alone: no call, the shopping cart kept, still stored for that page', async () => {
    const verify = vi.fn();
    const run = context({ verifyPhonePePayment: verify });
    const fromRequest = { ...stored, returnPath: '/prescription-request?number=RX-2611-000042' };
    storePendingPayment(run.value.storage, fromRequest);
    await verifyStoredPhonePePayment(run.value);
    expect(verify).not.toHaveBeenCalled();
    expect(run.clearCart).not.toHaveBeenCalled();
    expect(readPendingPayment(run.value.storage, fromRequest.returnPath)).toEqual(fromRequest);
  });

  it('on the request page it started on, a verified payment opens its order', async () => {
    const returnPath = '/prescription-request?number=RX-2611-000042&key=k';
    const run = context({ verifyPhonePePayment: async () => ({ verified: true, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' }, order: placedOrder }) }, { returnPath });
    storePendingPayment(run.value.storage, { ...stored, returnPath });
    await verifyStoredPhonePePayment(run.value);
    expect(run.value.openOrder).toHaveBeenCalledWith(placedOrder, { message: 'Payment verified successfully! Order placed.', toast: 'Payment verified successfully! Order placed.' });
    expect(readPendingPayment(run.value.storage)).toBeNull();
  });

  it('says so when there is no stored transaction', async () => {
    const run = context({});
    await verifyStoredPhonePePayment(run.value);
    expect(run.events).toEqual([{ type: 'failed', reason: 'No transaction ID found' }]);
  });
});

describe('payWithCod', () => {
  it('places the order, empties the cart and opens the order page', async () => {
    const create = vi.fn(async () => placedOrder);
    const run = context({ createCodOrder: create });
    await payWithCod(run.value);
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ delivery, amount: 6300 }));
    expect(run.clearCart).toHaveBeenCalledOnce();
    expect(run.events).toEqual([{ type: 'start', method: 'cod' }, { type: 'placed', message: 'Order placed! Pay in cash when it arrives.' }]);
    expect(run.value.openOrder).toHaveBeenCalledWith(placedOrder, { message: 'Order placed! Pay in cash when it arrives.', toast: 'Order placed! Pay in cash when it arrives.' });
  });

  it("keeps the cart and shows the server's reason when cash on delivery is refused", async () => {
    const run = context({ createCodOrder: async () => Promise.reject(new PaymentApiError('Cash on delivery is available for orders up to ₹5,000', 422)) });
    await payWithCod(run.value);
    expect(run.clearCart).not.toHaveBeenCalled();
    expect(run.value.openOrder).not.toHaveBeenCalled();
    expect(run.events.at(-1)).toEqual({ type: 'failed', reason: 'Cash on delivery is available for orders up to ₹5,000' });
  });
});
