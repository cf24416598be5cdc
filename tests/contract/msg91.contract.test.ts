import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMsg91Emulator } from '../../emulators/msg91/index';
import { startWebhookRecorder } from '../../emulators/razorpay/webhook-recorder';
import { isMsg91WebhookToken, parseMsg91DeliveryReport, sendFlowSms, type Msg91Settings } from '../../src/features/messages/server/msg91';
import { channelFailure, expectDocumentedRequest, expectDocumentedShape, recordingFetch, type DocumentedAnswer } from './contract-kit';
import { v2Data, v2FormBody, v2MinimalData, v3Body } from './fixtures/msg91/delivery-report';
import { flowSend } from './fixtures/msg91/flow';

// MSG91 as its documentation describes it (fixtures/msg91): our client must send the documented
// Flow request and read the documented answers, our parser must read the documented delivery
// reports, and the emulator must take the same request and answer and report in the same shapes.

const AUTH_KEY = 'contract-msg91-auth-key';
const settings: Msg91Settings = { authKey: AUTH_KEY, senderId: 'MDKART', apiBase: 'https://control.msg91.com' };
const sms = { templateId: 'local-order_confirmation', mobile: '+919812345678', variables: ['MK-1042', '649.00', 'https://shop.example.in/o/MK-1042'], reference: 'outbox-7d0c7a4e' };


describe('our MSG91 client against the documented Flow API', () => {
  it('sends the documented request: authkey, template_id, short_url, the number without +, var1..varN in order', async () => {
    const { fetcher, requests } = recordingFetch(flowSend.answers.ok);
    expect(await sendFlowSms(fetcher, settings, sms)).toEqual({ providerMessageId: flowSend.answers.ok.body.message });
    expectDocumentedRequest(requests[0]!, flowSend);
    expect(requests[0]!.url.href).toBe('https://control.msg91.com/api/v5/flow');
    expect(requests[0]!.headers.get('authkey')).toBe(AUTH_KEY);
    expect(JSON.parse(requests[0]!.body)).toEqual(flowSend.example);
  });

  it('sends no var keys for a template without variables, and asks for a 10 s limit', async () => {
    let init: RequestInit | undefined;
    const fetcher = (async (_input: string | URL | Request, given?: RequestInit) => {
      init = given;
      return new Response(JSON.stringify(flowSend.answers.ok.body), { status: 200 });
    }) as typeof fetch;
    await sendFlowSms(fetcher, { ...settings, apiBase: 'https://control.msg91.com/' }, { ...sms, variables: [] });
    expect(JSON.parse(String(init!.body)).recipients).toEqual([{ mobiles: '919812345678' }]);
    expect(init!.signal).toBeInstanceOf(AbortSignal);
    expect(init!.signal!.aborted).toBe(false);
  });

  it('refuses a number that is not E.164 before calling MSG91, for good', async () => {
    const { fetcher, requests } = recordingFetch(flowSend.answers.ok);
    for (const mobile of ['9812345678', '919812345678', '+91 98123 45678', '']) {
      expect((await channelFailure(sendFlowSms(fetcher, settings, { ...sms, mobile }))).permanent).toBe(true);
    }
    expect(requests).toHaveLength(0);
  });

  const cases: Array<[string, DocumentedAnswer, boolean]> = [
    ['a missing key (106)', flowSend.answers.missingAuthKey, true],
    ['a refused key answered with HTTP 200 (207)', flowSend.answers.invalidAuthKey, true],
    ['an invalid number (202)', flowSend.answers.invalidMobile, true],
    ['an empty balance (301), which a recharge fixes', flowSend.answers.insufficientBalance, false],
    ['an empty balance (301) even with an HTTP 4xx status: the code wins', { ...flowSend.answers.insufficientBalance, status: 400 }, false],
    ['a server error', flowSend.answers.serverError, false],
    ['a rate limit', { status: 429, body: { type: 'error', message: 'Too Many Requests' } }, false],
    ['a gateway page that is not JSON', { status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } }, false],
    ['HTTP 200 saying success without a request id', { status: 200, body: { type: 'success' } }, false],
  ];
  for (const [what, answer, permanent] of cases) {
    it(`maps ${what} to a ${permanent ? 'permanent' : 'temporary'} failure`, async () => {
      const error = await channelFailure(sendFlowSms(recordingFetch(answer).fetcher, settings, sms));
      expect(error.permanent).toBe(permanent);
      expect(error.message).toContain(sms.reference);
    });
  }

  it('maps an unreachable MSG91 and a timeout to temporary failures', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const timedOut = (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    expect((await channelFailure(sendFlowSms(unreachable, settings, sms))).permanent).toBe(false);
    const timeout = await channelFailure(sendFlowSms(timedOut, settings, sms));
    expect(timeout.permanent).toBe(false);
    expect(timeout.message).toContain('10 s');
  });
});

describe('our MSG91 delivery-report parser against the documented webhook', () => {
  const expected = [
    { providerMessageId: '5762846b4f8d285d378b4567', mobile: '+919812345678', status: 'delivered', reason: null, at: '2026-11-27T04:36:20.000Z' },
    { providerMessageId: '5762846b4f8d285d378b4567', mobile: '+919812345679', status: 'failed', reason: 'Absent subscriber', at: '2026-11-27T04:36:20.000Z' },
    { providerMessageId: '5762846b4f8d285d378b4567', mobile: '+919812345670', status: 'sent', reason: null, at: '2026-11-27T04:36:20.000Z' },
  ];

  it('reads the v2 form body as posted, and the same report already parsed, one entry per number (India time to UTC)', () => {
    expect(parseMsg91DeliveryReport(v2FormBody)).toEqual(expected);
    expect(parseMsg91DeliveryReport({ data: JSON.stringify(v2Data) })).toEqual(expected);
    expect(parseMsg91DeliveryReport(v2Data)).toEqual(expected);
  });

  it('reads the older v2 sample and a v3 report; rejected, blocked and NDNC are failures with their description', () => {
    expect(parseMsg91DeliveryReport({ data: JSON.stringify(v2MinimalData) })).toEqual([
      { providerMessageId: '3365646f0123456789', mobile: '+919812345678', status: 'delivered', reason: null, at: '2023-05-04T10:01:58.000Z' },
    ]);
    expect(parseMsg91DeliveryReport(JSON.stringify(v3Body))).toEqual([
      { providerMessageId: v3Body.requestId, mobile: '+919812345678', status: 'failed', reason: 'Blocked number', at: '2026-11-27T04:28:16.000Z' },
    ]);
    for (const status of ['9', '16', '25']) expect(parseMsg91DeliveryReport({ ...v3Body, status, desc: 'X' })[0]!.status).toBe('failed');
  });

  it('throws on bodies that are not delivery reports', () => {
    for (const body of [null, {}, 'hello', 'token=abc', { data: '[]' }, [{ requestId: 'x' }], { data: 'not json' }, { ...v3Body, date: 'yesterday' }]) {
      expect(() => parseMsg91DeliveryReport(body), JSON.stringify(body)).toThrow(/MSG91 delivery report/);
    }
  });
});

describe('the MSG91 webhook token', () => {
  const expected = 'local-msg91-webhook-token-0123456789';
  it('accepts only the exact token', () => {
    expect(isMsg91WebhookToken(expected, expected)).toBe(true);
    expect(isMsg91WebhookToken(`${expected.slice(0, -1)}8`, expected)).toBe(false);
    expect(isMsg91WebhookToken(expected.slice(0, -1), expected)).toBe(false);
    expect(isMsg91WebhookToken(`${expected}0`, expected)).toBe(false);
    expect(isMsg91WebhookToken(null, expected)).toBe(false);
    expect(isMsg91WebhookToken('', '')).toBe(false);
  });
});

describe('the MSG91 emulator against the documented Flow API', () => {
  let emulator: Awaited<ReturnType<typeof startMsg91Emulator>>;
  let merchant: Awaited<ReturnType<typeof startWebhookRecorder>>;
  const delivered: Array<{ to: string; text: string; templateId: string }> = [];
  const ORDER_TEXT = 'MediKart: order {#var#} is placed. Total Rs {#var#}. See your order: {#var#}';
  const call = (body: unknown, headers: Record<string, string> = { authkey: AUTH_KEY }) =>
    fetch(`${emulator.url}${flowSend.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const recipient = flowSend.example.recipients[0];
  /** The delivery report posted for one request (reports of earlier tests may still be arriving). */
  const reportFor = async (requestId: string) => {
    for (let seen = 0; ; seen += 1) {
      const hooks = await merchant.waitFor(seen + 1);
      const hook = hooks.find((candidate) => candidate.body.includes(requestId));
      if (hook) return hook;
    }
  };

  beforeAll(async () => {
    merchant = await startWebhookRecorder();
    emulator = await startMsg91Emulator({
      authKey: AUTH_KEY,
      templates: [
        { id: 'local-order_confirmation', text: ORDER_TEXT },
        { id: 'local-long', text: '{#var#}' },
      ],
      deliver: (sms) => {
        delivered.push(sms);
      },
      webhookUrl: merchant.url,
      undeliverable: (e164) => e164.endsWith('0000'),
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100)); // the last reports, posted 50 ms after their send
    await emulator.close();
    await merchant.close();
  });
  beforeEach(async () => {
    delivered.length = 0;
    await fetch(`${emulator.url}/__emulator/sms`, { method: 'DELETE' });
  });

  it('takes the documented request, delivers the registered text filled in order and answers the documented success', async () => {
    const response = await call(flowSend.example);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string };
    expectDocumentedShape(body, flowSend.answers.ok.body);
    expect(body.message).toMatch(/^[0-9a-f]{24}$/);
    const text = 'MediKart: order MK-1042 is placed. Total Rs 649.00. See your order: https://shop.example.in/o/MK-1042';
    expect(delivered).toEqual([{ to: '+919812345678', text, templateId: 'local-order_confirmation' }]);
    const listed = (await (await fetch(`${emulator.url}/__emulator/sms`)).json()) as { items: Array<Record<string, unknown>> };
    expect(listed.items).toEqual([expect.objectContaining({ requestId: body.message, to: '+919812345678', text, templateId: 'local-order_confirmation', segments: 1 })]);
  });

  it('accepts what our client sends, and its report reaches the webhook form-encoded, readable by our parser', async () => {
    const { providerMessageId } = await sendFlowSms(fetch, { ...settings, apiBase: emulator.url }, sms);
    const hook = await reportFor(providerMessageId);
    expect(hook.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const data: unknown = JSON.parse(new URLSearchParams(hook.body).get('data')!);
    expectDocumentedShape(data, [{ senderId: 'MDKART', requestId: 'x', report: [{ date: '', number: '', status: '', desc: '' }], userId: '', campaignName: '' }]);
    const [entry] = parseMsg91DeliveryReport(hook.body);
    expect(entry).toMatchObject({ providerMessageId, mobile: '+919812345678', status: 'delivered', reason: null });
    expect(Math.abs(Date.parse(entry!.at) - Date.now())).toBeLessThan(60_000);
  });

  it('reports an undeliverable number as failed and never delivers it', async () => {
    const { providerMessageId } = await sendFlowSms(fetch, { ...settings, apiBase: emulator.url }, { ...sms, mobile: '+919812340000' });
    const hook = await reportFor(providerMessageId);
    expect(parseMsg91DeliveryReport(hook.body)).toEqual([expect.objectContaining({ providerMessageId, status: 'failed', reason: 'Absent subscriber' })]);
    expect(delivered).toEqual([]);
  });

  it('answers a missing or wrong authkey with the documented errors, which our client takes as permanent', async () => {
    const missing = await call(flowSend.example, {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual(flowSend.answers.missingAuthKey.body);
    const wrong = await call(flowSend.example, { authkey: 'someone-elses-key' });
    expectDocumentedShape(await wrong.json(), flowSend.answers.invalidAuthKey.body);
    expect((await channelFailure(sendFlowSms(fetch, { ...settings, authKey: 'someone-elses-key', apiBase: emulator.url }, sms))).permanent).toBe(true);
    expect(delivered).toEqual([]);
  });

  it('refuses out loud what MSG91 would not send: missing, extra or miscased variables, an unknown template, a bad number or sender', async () => {
    const refusals: Array<[unknown, RegExp]> = [
      [{ ...flowSend.example, recipients: [{ mobiles: recipient.mobiles, var1: 'MK-1042', var2: '649.00' }] }, /missing var3/],
      [{ ...flowSend.example, recipients: [{ ...recipient, var4: 'extra' }] }, /unexpected var4/],
      [{ ...flowSend.example, recipients: [{ mobiles: recipient.mobiles, VAR1: 'MK-1042', var2: '649.00', var3: 'x' }] }, /unexpected VAR1.*case-sensitive/],
      [{ ...flowSend.example, template_id: 'not-registered' }, /Invalid template_id/],
      [{ ...flowSend.example, recipients: [{ ...recipient, mobiles: '+919812345678' }] }, /invalid mobile number/],
      [{ ...flowSend.example, sender: 'MediKart' }, /Invalid sender ID/],
      [{ ...flowSend.example, flow_id: 'x' }, /flow_id/],
      [{ ...flowSend.example, recipients: [{ ...recipient, var1: 1042 }] }, /var1: expected a string/],
    ];
    for (const [body, message] of refusals) {
      const response = await call(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { type: string; message: string };
      expect(answer.type).toBe('error');
      expect(answer.message).toMatch(message);
    }
    expect(delivered).toEqual([]);
  });

  it('sends up to three segments and refuses a fourth', async () => {
    const send = (text: string) => call({ template_id: 'local-long', short_url: '0', recipients: [{ mobiles: '919812345678', var1: text }] });
    expect((await send('a'.repeat(459))).status).toBe(200);
    const tooLong = await send('a'.repeat(460));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ type: 'error', code: '310', message: expect.stringMatching(/4 GSM-7 segments/) });
    expect((await send('आ'.repeat(201))).status).toBe(200);
    expect((await send('आ'.repeat(202))).status).toBe(400);
    expect(delivered.map((sms) => sms.text.length)).toEqual([459, 201]);
  });

  it('fails the next sends on request, which our client retries later', async () => {
    await fetch(`${emulator.url}/__emulator/fail-next`, { method: 'POST', body: JSON.stringify({ count: 2, status: 503 }) });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await channelFailure(sendFlowSms(fetch, { ...settings, apiBase: emulator.url }, sms))).permanent).toBe(false);
    }
    expect(await sendFlowSms(fetch, { ...settings, apiBase: emulator.url }, sms)).toEqual({ providerMessageId: expect.any(String) });
    expect(delivered).toHaveLength(1);
  });

  it('answers routes it does not implement with a loud 404', async () => {
    const response = await fetch(`${emulator.url}/api/v5/otp`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', message: expect.stringContaining('does not implement POST /api/v5/otp') });
  });
});
