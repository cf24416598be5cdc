import { describe, expect, it } from 'vitest';
import { guestOrderToken, isGuestOrderToken } from '../../../domain/guest-order-link';
import { composeRequestMail } from './request-messages';
import { isRequestKey, requestKey } from '../../../domain/prescription-request-link';

const secret = 'a-test-secret-of-at-least-thirty-two-bytes!';
const id = '5b0f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const request = { id, request_number: 'RX-2611-000042', status: 'rejected' as const, delivery_name: 'Asha <Rao>', delivery_email: 'asha@example.test', rejection_reason: 'The prescription is older than 6 months.' };

describe('request mails', () => {
  it('a rejection tells the pharmacist\'s reason and links to the request', () => {
    const mail = composeRequestMail('request_rejected', request, 'http://localhost:8888/prescription-request?number=RX-2611-000042&key=k');
    expect(mail.subject).toBe('Our pharmacist could not accept request RX-2611-000042');
    expect(mail.text).toContain('Our pharmacist could not accept your prescription: The prescription is older than 6 months.');
    expect(mail.text).toContain('See your request: http://localhost:8888/prescription-request?number=RX-2611-000042&key=k');
    expect(mail.html).toContain('Dear Asha &#60;Rao&#62;,');
  });
});

describe('request keys', () => {
  it('open only their own request, never the order with the same id, and an order key never opens a request', async () => {
    const key = await requestKey(id, secret);
    expect(await isRequestKey(id, key, secret)).toBe(true);
    expect(await isRequestKey('6b0f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b', key, secret)).toBe(false);
    expect(await isGuestOrderToken(id, key, secret)).toBe(false);
    expect(await isRequestKey(id, await guestOrderToken(id, secret), secret)).toBe(false);
  });
});
