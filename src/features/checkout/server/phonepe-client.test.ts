import { describe, expect, it } from 'vitest';
import { answeredIn } from '../../../lib/server/answered-in';
import { PhonePeClient } from './phonepe-client';

const config = { identityBase: 'https://phonepe.test', pgBase: 'https://phonepe.test', clientId: 'id', clientSecret: 'secret', clientVersion: '1' };
const down = new PhonePeClient(config, async () => new Response('{}', { status: 503 }));
const pay = () => down.createPayment({ merchantOrderId: 'TXN_1', amountPaise: 100, redirectUrl: 'https://medikart.test/payment/phonepe/callback' });

describe('PhonePe failing while a customer pays', () => {
  it('is a 502 in the spec’s English, and in Hindi to a Hindi page (its sentence is in the tables)', async () => {
    await expect(answeredIn('en', pay)).rejects.toMatchObject({ status: 502, message: 'PhonePe is unavailable right now. Please try again.' });
    await expect(answeredIn('hi', pay)).rejects.toMatchObject({ status: 502, message: 'PhonePe अभी उपलब्ध नहीं है। कृपया फिर कोशिश करें।' });
  });
});
