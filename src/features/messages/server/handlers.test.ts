import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localMsg91TemplateId, registeredSmsTemplates } from '../../../domain/messages';
import { isStandardWebhook, sendSmsHookHandler } from './handlers';
import type { OutboxDependencies } from './outbox';

describe('Standard Webhooks, as Supabase Auth signs its hooks', () => {
  // The specification's own example (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
  const secret = 'v1,whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = '{"test": 2432232314}';
  const headers = new Headers({ 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' });
  const signedAt = new Date(1614265330 * 1000);

  it('accepts the specification\'s example, among other signatures', () => {
    expect(isStandardWebhook(body, headers, secret, signedAt)).toBe(true);
    const rotated = new Headers(headers);
    rotated.set('webhook-signature', `v1,bm90IGl0 ${headers.get('webhook-signature')}`);
    expect(isStandardWebhook(body, rotated, secret, signedAt)).toBe(true);
  });

  it('refuses a changed body, another secret, and a timestamp more than 5 minutes away', () => {
    expect(isStandardWebhook('{"test": 2432232315}', headers, secret, signedAt)).toBe(false);
    expect(isStandardWebhook(body, headers, 'v1,whsec_c29tZSBvdGhlciBzZWNyZXQ=', signedAt)).toBe(false);
    expect(isStandardWebhook(body, headers, secret, new Date(signedAt.getTime() + 6 * 60_000))).toBe(false);
  });
});

describe("Supabase Auth's Send SMS hook", () => {
  const hookSecret = `v1,whsec_${Buffer.from('a hook secret for the test, 32 bytes').toString('base64')}`;
  const now = new Date('2026-11-28T06:00:00Z');
  const sent: Array<{ url: string; body: Record<string, unknown>; authkey: string | null }> = [];
  // The accounts' languages (public.profiles), as the service role reads them: u-hi chose Hindi.
  const languages: Record<string, string> = { 'u-hi': 'hi' };
  const db = {
    from: (table: string) => ({
      select: () => ({
        eq: (_column: string, userId: string) => ({
          maybeSingle: async () => ({ data: table === 'profiles' && languages[userId] ? { language: languages[userId] } : null, error: null }),
        }),
      }),
    }),
  };
  const deps = (): OutboxDependencies =>
    ({
      db,
      env: {
        SEND_SMS_HOOK_SECRET: hookSecret,
        MSG91_AUTH_KEY: 'msg91-key',
        MSG91_SENDER_ID: 'MDKART',
        MSG91_TEMPLATE_IDS: registeredSmsTemplates().map((template) => `${template.name}=${localMsg91TemplateId(template.name)}`).join(','),
        MSG91_WEBHOOK_TOKEN: 'a-webhook-token-of-24-characters',
        MSG91_API_BASE: 'https://msg91.example.test',
      },
      fetcher: async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ url: String(input), body: JSON.parse(String(init?.body)), authkey: new Headers(init?.headers).get('authkey') });
        return new Response(JSON.stringify({ type: 'success', message: '3763646c3058373530393831' }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
      now: () => now,
    }) as unknown as OutboxDependencies;

  const hookCall = (payload: unknown, sign = hookSecret) => {
    const body = JSON.stringify(payload);
    const id = 'msg_2pQ7';
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const key = Buffer.from(sign.replace(/^v1,whsec_/, ''), 'base64');
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return new Request('https://shop.example.in/api/auth/send-sms', { method: 'POST', headers: { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }, body });
  };

  it('sends the code through MSG91 with the sign-in template to the user\'s mobile', async () => {
    const answer = await sendSmsHookHandler(hookCall({ user: { id: 'u1', phone: '919876543210' }, sms: { otp: '482913' } }), deps);
    expect(answer.status).toBe(200);
    expect(sent.at(-1)).toEqual({
      url: 'https://msg91.example.test/api/v5/flow',
      authkey: 'msg91-key',
      body: expect.objectContaining({ template_id: 'local-medikart_sign_in_code_en', recipients: [{ mobiles: '919876543210', var1: '482913' }] }),
    });
  });

  it("sends the code in the account's language: Hindi from its own template for an account that chose Hindi", async () => {
    const answer = await sendSmsHookHandler(hookCall({ user: { id: 'u-hi', phone: '919876543210' }, sms: { otp: '482913' } }), deps);
    expect(answer.status).toBe(200);
    expect(sent.at(-1)!.body).toMatchObject({ template_id: 'local-medikart_sign_in_code_hi', recipients: [{ mobiles: '919876543210', var1: '482913' }] });
  });

  it('refuses a call not signed with the hook secret, and a mobile outside India, in the hook\'s error shape', async () => {
    const forged = await sendSmsHookHandler(hookCall({ user: { id: 'u1', phone: '919876543210' }, sms: { otp: '482913' } }, 'v1,whsec_b3RoZXI='), deps);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: { http_code: 401, message: 'The hook signature does not match.' } });
    const abroad = await sendSmsHookHandler(hookCall({ user: { id: 'u1', phone: '14155550123' }, sms: { otp: '482913' } }), deps);
    expect(abroad.status).toBe(400);
  });
});
