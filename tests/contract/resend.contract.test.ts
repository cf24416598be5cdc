import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailEmulator, type SentEmail } from '../../emulators/mail/index';
import { parseServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';
import { sendMail } from '../../src/features/messages/server/mail';
import { expectDocumentedRequest, expectDocumentedShape, recordingFetch } from './contract-kit';
import { sendEmail } from './fixtures/resend/send-email';

// Resend as its documentation describes it (fixtures/resend): the order mails must go out as the
// documented request and read the documented errors, and the mail emulator must accept the same
// request and answer in the same shapes.

const API_KEY = 're_Contract_0123456789';
const env = parseServerDependenciesEnv({
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
  ORDER_LINK_SECRET: 'an order link secret of at least thirty-two characters',
  MAIL_API_KEY: API_KEY,
  MAIL_FROM: sendEmail.example.from,
  SITE_URL: 'https://shop.example.in',
});
const mail = { subject: sendEmail.example.subject, text: 'Thank you for your order.', html: sendEmail.example.html };

describe('our order mails against the documented Resend API', () => {
  it('send the documented request to api.resend.com, with an idempotency key per outbox row', async () => {
    const { fetcher, requests } = recordingFetch(sendEmail.answers.ok);
    await sendMail({ fetcher, env }, 'asha@example.in', mail, 'order-mail/5a0f3c52-8d0e-4f43-9b31-3c2ad0e8f001');
    expectDocumentedRequest(requests[0]!, sendEmail);
    expect(requests[0]!.url.href).toBe('https://api.resend.com/emails');
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(requests[0]!.headers.get('idempotency-key')).toBe('order-mail/5a0f3c52-8d0e-4f43-9b31-3c2ad0e8f001');
    expect(JSON.parse(requests[0]!.body)).toEqual({ from: sendEmail.example.from, to: ['asha@example.in'], ...mail });
  });

  it("fail with Resend's documented error named, for the outbox to record", async () => {
    for (const answer of [sendEmail.answers.missingApiKey, sendEmail.answers.invalidApiKey, sendEmail.answers.missingRequiredField]) {
      await expect(sendMail({ fetcher: recordingFetch(answer).fetcher, env }, 'asha@example.in', mail, 'order-mail/1')).rejects.toThrow(
        `the mail API answered ${answer.status} (${answer.body.name}: ${answer.body.message})`,
      );
    }
  });
});

describe('the mail emulator against the documented Resend API', () => {
  let emulator: Awaited<ReturnType<typeof startMailEmulator>>;
  const delivered: SentEmail[] = [];
  const send = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${API_KEY}` }) =>
    fetch(`${emulator.url}${sendEmail.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    emulator = await startMailEmulator({ apiKey: API_KEY, deliver: (sent) => void delivered.push(sent) });
  });
  afterAll(() => emulator.close());

  it('accepts the documented example (HTML only) and answers its id', async () => {
    const response = await send(sendEmail.example);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectDocumentedShape(body, sendEmail.answers.ok.body);
    expect(delivered.at(-1)).toMatchObject({ id: body.id, to: ['asha@example.in'], subject: sendEmail.example.subject, text: 'Thank you for your order.' });
  });

  it('sends a mail once per idempotency key, and takes a single recipient as a string', async () => {
    const before = delivered.length;
    const headers = { authorization: `Bearer ${API_KEY}`, 'idempotency-key': 'order-mail/contract-1' };
    const body = { ...sendEmail.example, to: 'asha@example.in' };
    const first = await (await send(body, headers)).json();
    const again = await (await send(body, headers)).json();
    expect(again.id).toBe(first.id);
    expect(delivered.length).toBe(before + 1);
    expect(delivered.at(-1)!.to).toEqual(['asha@example.in']);
  });

  it('refuses as documented: no key, a wrong key, a missing field', async () => {
    const cases = [
      [await send(sendEmail.example, {}), sendEmail.answers.missingApiKey],
      [await send(sendEmail.example, { authorization: 'Bearer re_wrong_key' }), sendEmail.answers.invalidApiKey],
      [await send({ from: sendEmail.example.from, to: sendEmail.example.to, html: sendEmail.example.html }), sendEmail.answers.missingRequiredField],
    ] as const;
    for (const [response, documented] of cases) {
      expect(response.status).toBe(documented.status);
      const body = await response.json();
      expectDocumentedShape(body, documented.body);
      expect(body).toMatchObject({ statusCode: documented.status, name: documented.body.name });
    }
  });
});
