import { describe, expect, it } from 'vitest';
import { PaymentApiError } from './payment-api';
import { callbackOutcome, callbackReturn, callbackTransactionId } from './phonepe-callback';

describe('callbackTransactionId', () => {
  it('prefers the id PhonePe sent back, else the stored one', () => {
    expect(callbackTransactionId('?merchantTransactionId=TXN_1_A', 'TXN_2_B')).toBe('TXN_1_A');
    expect(callbackTransactionId('', 'TXN_2_B')).toBe('TXN_2_B');
    expect(callbackTransactionId('?merchantTransactionId=', null)).toBeNull();
  });
});

describe('callbackOutcome', () => {
  it('reports a missing transaction without asking the server', async () => {
    await expect(callbackOutcome(null, () => Promise.reject(new Error('not called')))).resolves.toMatchObject({
      kind: 'failed',
      message: 'No transaction ID found',
    });
  });

  it('maps the verify reply', async () => {
    const outcome = await callbackOutcome('TXN_1_A', async () => ({ verified: true, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' } }));
    expect(outcome).toMatchObject({ kind: 'verified', message: 'Payment verified successfully! Order placed.' });
  });

  it('shows a refused verification with its status', async () => {
    const outcome = await callbackOutcome('TXN_1_A', () => Promise.reject(new PaymentApiError('PhonePe payment verification failed: 404 {}', 404)));
    expect(outcome).toMatchObject({ kind: 'failed', message: 'PhonePe payment verification failed: 404 {}' });
  });
});

describe('callbackReturn', () => {
  const fromRequest = { merchantTransactionId: 'TXN_1_A', totalPaise: 6900, method: 'phonepe' as const, returnPath: '/prescription-request?number=RX-2611-000042&key=k' };

  it('goes back to the request page the payment started on, saying so', () => {
    expect(callbackReturn('TXN_1_A', fromRequest)).toEqual({ path: fromRequest.returnPath, sentence: 'Taking you back to your prescription request...' });
  });

  it('goes to the cart for a cart payment, an unknown transaction or none stored', () => {
    const cart = { path: '/cart', sentence: 'Taking you back to your cart...' };
    expect(callbackReturn('TXN_1_A', { ...fromRequest, returnPath: '/cart' })).toEqual(cart);
    expect(callbackReturn('TXN_9_Z', fromRequest)).toEqual(cart);
    expect(callbackReturn(null, null)).toEqual(cart);
  });
});
