import { describe, expect, it } from 'vitest';
import { createOrderFailed, phonePeCreateFailed, phonePeVerifyFailed, serverSentence, verifyFailed } from './checkout-strings';

describe("the failure panel shows the server's sentence, never its JSON", () => {
  it('keeps the prefix and status and takes the error field', () => {
    const body = JSON.stringify({ error: 'Prescription file guest-1/a.png is not in your prescriptions folder.' });
    expect(createOrderFailed(422, body)).toBe('Failed to create order: 422 Prescription file guest-1/a.png is not in your prescriptions folder.');
    expect(verifyFailed(400, JSON.stringify({ verified: false, error: 'Invalid payment signature' }))).toBe(
      'Payment verification failed: 400 Invalid payment signature',
    );
    expect(phonePeCreateFailed(502, JSON.stringify({ error: 'PhonePe could not be reached. Please try again.' }))).toBe(
      'Failed to create PhonePe order: 502 PhonePe could not be reached. Please try again.',
    );
    expect(phonePeVerifyFailed(404, JSON.stringify({ error: 'Unknown merchantTransactionId' }))).toBe(
      'PhonePe payment verification failed: 404 Unknown merchantTransactionId',
    );
  });

  it('a body without a sentence reads as a plain request to try again', () => {
    for (const body of ['', '{}', '{"verified":false}', '[1,2]', '<html><body>Bad gateway</body></html>', '"quoted"']) {
      const text = createOrderFailed(502, body);
      expect(text).toBe('Failed to create order: 502 Payment failed. Please try again.');
      expect(text).not.toMatch(/[{}"<]/);
    }
  });

  it('a short plain-text body is the sentence', () => {
    expect(serverSentence('Service Unavailable\n')).toBe('Service Unavailable');
  });
});
