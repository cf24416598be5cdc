import { describe, expect, it } from 'vitest';
import { PaymentApiError } from './payment-api';
import { callbackOutcome, callbackTransactionId } from './phonepe-callback';

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
