import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookRecorder, type RecordedWebhook } from '../../emulators/razorpay/webhook-recorder';
import { startWhatsAppEmulator } from '../../emulators/whatsapp/index';
import {
  isMetaSignature,
  isStopReply,
  parseWhatsAppWebhook,
  sendTemplateMessage,
  verificationChallenge,
  type TemplateMessage,
  type WhatsAppSettings,
} from '../../src/features/messages/server/whatsapp';
import { channelFailure, expectDocumentedRequest, expectDocumentedShape, recordingFetch } from './contract-kit';
import { graphErrors } from './fixtures/whatsapp/errors';
import { exampleTemplate, sendTemplate } from './fixtures/whatsapp/send-template';
import { signature, verification } from './fixtures/whatsapp/signature';
import { inboundWebhooks, REFERENCE, statusWamid, statusWebhooks, templateStatusUpdate } from './fixtures/whatsapp/webhooks';

// WhatsApp's Cloud API as Meta documents it (fixtures/whatsapp): our client must send the
// documented template request and read the documented answers and Graph errors, our webhook code
// must verify, handshake and parse as documented, and the emulator must take the same request and
// send the same webhooks.

const PHONE_NUMBER_ID = '106540352242922';
const settings: WhatsAppSettings = {
  token: 'contract-whatsapp-token',
  phoneNumberId: PHONE_NUMBER_ID,
  apiBase: 'https://graph.facebook.com/v26.0',
  appSecret: signature.appSecret,
  verifyToken: verification.verifyToken,
};
const message: TemplateMessage = {
  to: '+919812345678',
  template: 'order_confirmation',
  language: 'en',
  bodyParameters: ['MK-1042', '649.00'],
  buttonUrlSuffix: 'o/MK-1042',
  reference: REFERENCE,
};
const sign = (raw: string, secret = signature.appSecret) => `${signature.prefix}${createHmac('sha256', secret).update(raw).digest('hex')}`;


describe('our WhatsApp client against the documented Cloud API', () => {
  it('sends the documented template request: bearer token, the number without +, body and URL-button parameters in order, our id as biz_opaque_callback_data', async () => {
    const { fetcher, requests } = recordingFetch(sendTemplate.answers.ok);
    expect(await sendTemplateMessage(fetcher, settings, message)).toEqual({ providerMessageId: sendTemplate.answers.ok.body.messages[0]!.id });
    expectDocumentedRequest(requests[0]!, sendTemplate);
    expect(requests[0]!.url.href).toBe(`https://graph.facebook.com/v26.0/${PHONE_NUMBER_ID}/messages`);
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${settings.token}`);
    expect(JSON.parse(requests[0]!.body)).toEqual(sendTemplate.example);
  });

  it('leaves out the components a template does not have, and asks for a 10 s limit', async () => {
    let init: RequestInit | undefined;
    const fetcher = (async (_input: string | URL | Request, given?: RequestInit) => {
      init = given;
      return new Response(JSON.stringify(sendTemplate.answers.ok.body), { status: 200 });
    }) as typeof fetch;
    await sendTemplateMessage(fetcher, settings, { ...message, bodyParameters: [], buttonUrlSuffix: null });
    expect(JSON.parse(String(init!.body)).template).toEqual({ name: 'order_confirmation', language: { code: 'en' } });
    await sendTemplateMessage(fetcher, settings, { ...message, buttonUrlSuffix: null });
    expect(JSON.parse(String(init!.body)).template.components).toEqual([sendTemplate.example.template.components[0]]);
    expect(init!.signal).toBeInstanceOf(AbortSignal);
  });

  it('refuses a number that is not E.164 before calling Meta, for good', async () => {
    const { fetcher, requests } = recordingFetch(sendTemplate.answers.ok);
    for (const to of ['919812345678', '+91 98123 45678', 'abc']) expect((await channelFailure(sendTemplateMessage(fetcher, settings, { ...message, to }))).permanent).toBe(true);
    expect(requests).toHaveLength(0);
  });

  for (const [name, answer] of Object.entries(graphErrors)) {
    it(`maps the documented ${answer.body.error.code} (${name}) to a ${answer.permanent ? 'permanent' : 'temporary'} failure naming the code`, async () => {
      const error = await channelFailure(sendTemplateMessage(recordingFetch(answer).fetcher, settings, message));
      expect(error.permanent).toBe(answer.permanent);
      expect(error.message).toContain(`code ${answer.body.error.code}`);
      expect(error.message).toContain(REFERENCE);
    });
  }

  it('decides by the code, as Meta recommends, whatever HTTP status carries it', async () => {
    for (const answer of Object.values(graphErrors)) {
      for (const status of [400, 500]) {
        const error = await channelFailure(sendTemplateMessage(recordingFetch({ ...answer, status }).fetcher, settings, message));
        expect(error.permanent, `${answer.body.error.code} with ${status}`).toBe(answer.permanent);
      }
    }
  });

  it('judges an undocumented code by the HTTP status, and an answer without a Graph error likewise', async () => {
    const unknown = (status: number) => ({ status, body: { error: { message: 'New error', type: 'OAuthException', code: 999_999, fbtrace_id: 'x' } } });
    expect((await channelFailure(sendTemplateMessage(recordingFetch(unknown(400)).fetcher, settings, message))).permanent).toBe(true);
    expect((await channelFailure(sendTemplateMessage(recordingFetch(unknown(502)).fetcher, settings, message))).permanent).toBe(false);
    const html = { status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } };
    expect((await channelFailure(sendTemplateMessage(recordingFetch(html).fetcher, settings, message))).permanent).toBe(false);
    const noId = { status: 200, body: { messaging_product: 'whatsapp', contacts: [], messages: [] } };
    expect((await channelFailure(sendTemplateMessage(recordingFetch(noId).fetcher, settings, message))).permanent).toBe(false);
  });

  it('maps an unreachable Cloud API and a timeout to temporary failures', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const timedOut = (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    expect((await channelFailure(sendTemplateMessage(unreachable, settings, message))).permanent).toBe(false);
    expect((await channelFailure(sendTemplateMessage(timedOut, settings, message))).permanent).toBe(false);
  });
});

describe('our webhook checks against the documented signature and handshake', () => {
  const raw = JSON.stringify(statusWebhooks.delivered, null, 2);

  it('accepts X-Hub-Signature-256 over the exact raw body with the app secret', async () => {
    expect(await isMetaSignature(raw, sign(raw), signature.appSecret)).toBe(true);
    expect(await isMetaSignature(raw, sign(raw).toUpperCase().replace('SHA256=', 'sha256='), signature.appSecret)).toBe(true);
  });

  it('refuses a signature over re-serialised JSON, with another secret, in another form, or none', async () => {
    const refused = [
      sign(JSON.stringify(JSON.parse(raw))),
      sign(raw, 'another-secret'),
      sign(raw).slice(signature.prefix.length),
      `sha1=${createHmac('sha1', signature.appSecret).update(raw).digest('hex')}`,
      `${sign(raw)}00`,
      '',
      null,
    ];
    for (const header of refused) expect(await isMetaSignature(raw, header, signature.appSecret), String(header)).toBe(false);
    expect(await isMetaSignature(raw, sign(raw, ''), '')).toBe(false);
  });

  it('answers the documented verification request with its challenge, and nothing else', () => {
    const url = (query: Record<string, string>) => new URL(`https://shop.example.in/api/whatsapp/webhook?${new URLSearchParams(query)}`);
    expect(verificationChallenge(url(verification.query), verification.verifyToken)).toBe(verification.query['hub.challenge']);
    expect(verificationChallenge(url({ ...verification.query, 'hub.verify_token': 'guess' }), verification.verifyToken)).toBeNull();
    expect(verificationChallenge(url({ ...verification.query, 'hub.mode': 'unsubscribe' }), verification.verifyToken)).toBeNull();
    const { 'hub.challenge': _challenge, ...noChallenge } = verification.query;
    expect(verificationChallenge(url(noChallenge), verification.verifyToken)).toBeNull();
    expect(verificationChallenge(url({ ...verification.query, 'hub.verify_token': '' }), '')).toBeNull();
  });
});

describe('our webhook parser against the documented payloads', () => {
  it('reads sent, delivered and read statuses with our reference, the time in ISO and the number with +', () => {
    const read = (body: unknown) => parseWhatsAppWebhook(body).statuses;
    expect(read(statusWebhooks.sent)).toEqual([
      { providerMessageId: statusWamid, status: 'sent', at: '2026-11-27T04:00:00.000Z', recipient: '+919812345678', errorCode: null, errorTitle: null, reference: REFERENCE },
    ]);
    expect(read(statusWebhooks.delivered)[0]).toMatchObject({ status: 'delivered', at: '2026-11-27T04:00:05.000Z' });
    expect(read(statusWebhooks.read)[0]).toMatchObject({ status: 'read', reference: REFERENCE });
  });

  it('reads a failed status with its documented error code and title', () => {
    expect(parseWhatsAppWebhook(statusWebhooks.failed)).toEqual({
      statuses: [
        { providerMessageId: statusWamid, status: 'failed', at: '2026-11-27T04:00:02.000Z', recipient: '+919812345678', errorCode: 131026, errorTitle: 'Message undeliverable', reference: REFERENCE },
      ],
      replies: [],
    });
  });

  it('reads text messages and quick-reply or interactive button taps as replies, and leaves out images and other fields', () => {
    expect(parseWhatsAppWebhook(inboundWebhooks.text)).toEqual({
      statuses: [],
      replies: [{ from: '+16505551234', text: 'Does it come in another color?', at: '2025-06-08T20:59:43.000Z', providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=' }],
    });
    expect(parseWhatsAppWebhook(inboundWebhooks.quickReplyButton).replies).toEqual([expect.objectContaining({ from: '+16505551234', text: 'Stop' })]);
    expect(parseWhatsAppWebhook(inboundWebhooks.interactiveButton).replies).toEqual([expect.objectContaining({ text: 'Unsubscribe' })]);
    expect(parseWhatsAppWebhook(inboundWebhooks.image)).toEqual({ statuses: [], replies: [] });
    expect(parseWhatsAppWebhook(templateStatusUpdate)).toEqual({ statuses: [], replies: [] });
  });

  it('throws on bodies that are not WhatsApp Business Account webhooks, or a messages change it cannot read', () => {
    const broken = structuredClone(statusWebhooks.sent) as unknown as { entry: Array<{ changes: Array<{ value: { statuses: Array<Record<string, unknown>> } }> }> };
    broken.entry[0]!.changes[0]!.value.statuses[0]!.timestamp = 'yesterday';
    for (const body of [null, 'text', {}, { object: 'page', entry: [] }, { object: 'whatsapp_business_account' }, broken]) {
      expect(() => parseWhatsAppWebhook(body), JSON.stringify(body)).toThrow(/WhatsApp webhook/);
    }
  });

  it('takes the quick-reply and interactive taps of the fixtures as opt-outs', () => {
    for (const body of [inboundWebhooks.quickReplyButton, inboundWebhooks.interactiveButton]) expect(isStopReply(parseWhatsAppWebhook(body).replies[0]!.text)).toBe(true);
    expect(isStopReply(parseWhatsAppWebhook(inboundWebhooks.text).replies[0]!.text)).toBe(false);
  });
});

describe('the WhatsApp emulator against the documented Cloud API', () => {
  let emulator: Awaited<ReturnType<typeof startWhatsAppEmulator>>;
  let merchant: Awaited<ReturnType<typeof startWebhookRecorder>>;
  const delivered: Array<{ to: string; text: string; template: string; language: string }> = [];
  const live = () => ({ ...settings, apiBase: `${emulator.url}/v26.0` });
  const call = (body: unknown, token = settings.token, phoneNumberId = PHONE_NUMBER_ID) =>
    fetch(`${emulator.url}/v26.0/${phoneNumberId}/messages`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const template = sendTemplate.example.template;
  /** The webhooks about one message, in the order they arrived, once `count` have. */
  const hooksAbout = async (id: string, count: number): Promise<RecordedWebhook[]> => {
    for (let seen = 0; ; seen += 1) {
      const hooks = (await merchant.waitFor(seen + 1)).filter((hook) => hook.body.includes(id));
      if (hooks.length >= count) return hooks;
    }
  };

  beforeAll(async () => {
    merchant = await startWebhookRecorder();
    emulator = await startWhatsAppEmulator({
      token: settings.token,
      phoneNumberId: PHONE_NUMBER_ID,
      appSecret: signature.appSecret,
      templates: [exampleTemplate, { name: 'order_shipped', language: 'hi', body: 'ऑर्डर {{1}} भेज दिया गया है।', buttonUrl: null, status: 'PAUSED' }],
      deliver: (sent) => {
        delivered.push(sent);
      },
      webhookUrl: merchant.url,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 150)); // the last statuses, posted after their send
    await emulator.close();
    await merchant.close();
  });
  beforeEach(async () => {
    delivered.length = 0;
    await fetch(`${emulator.url}/__emulator/messages`, { method: 'DELETE' });
  });

  it('takes the documented request, delivers the rendered body and button URL and answers in the documented shape', async () => {
    const response = await call(sendTemplate.example);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { messages: Array<{ id: string }> };
    expectDocumentedShape(answer, sendTemplate.answers.ok.body);
    expect(answer.messages[0]!.id).toMatch(/^wamid\./);
    expect(delivered).toEqual([
      {
        to: '+919812345678',
        text: 'Thank you for your order MK-1042 at MediKart. Total: Rs 649.00. We will keep you posted here.\nhttps://shop.example.in/o/MK-1042',
        template: 'order_confirmation',
        language: 'en',
      },
    ]);
  });

  it('sends sent, delivered and read, signed over the raw body, carrying our reference, readable by our parser', async () => {
    const { providerMessageId } = await sendTemplateMessage(fetch, live(), message);
    const hooks = await hooksAbout(providerMessageId, 3);
    const statuses = [];
    for (const hook of hooks) {
      expect(await isMetaSignature(hook.body, hook.headers[signature.header]!, signature.appSecret)).toBe(true);
      expectDocumentedShape(JSON.parse(hook.body), statusWebhooks.read);
      statuses.push(...parseWhatsAppWebhook(JSON.parse(hook.body)).statuses);
    }
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    for (const status of statuses) expect(status).toMatchObject({ providerMessageId, recipient: '+919812345678', reference: REFERENCE, errorCode: null });
  });

  it('accepts a send to a number not on WhatsApp, then reports it failed with 131026 and delivers nothing', async () => {
    const { providerMessageId } = await sendTemplateMessage(fetch, live(), { ...message, to: '+919812340000' });
    const [hook] = await hooksAbout(providerMessageId, 1);
    expectDocumentedShape(JSON.parse(hook!.body), statusWebhooks.failed);
    expect(parseWhatsAppWebhook(JSON.parse(hook!.body)).statuses).toEqual([
      expect.objectContaining({ providerMessageId, status: 'failed', errorCode: 131026, errorTitle: 'Message undeliverable', reference: REFERENCE }),
    ]);
    expect(delivered).toEqual([]);
    const listed = (await (await fetch(`${emulator.url}/__emulator/messages`)).json()) as { items: Array<{ outcome: string }> };
    expect(listed.items).toEqual([expect.objectContaining({ id: providerMessageId, outcome: 'not on WhatsApp' })]);
  });

  it('answers a wrong token, a paused or missing template and a parameter mismatch with documented Graph errors our client classifies as permanent', async () => {
    const refusals: Array<[Promise<Response>, number, number]> = [
      [call(sendTemplate.example, 'someone-elses-token'), 401, 190],
      [call({ ...sendTemplate.example, template: { ...template, name: 'order_shipped', language: { code: 'hi' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'MK-1' }] }] } }), 400, 132015],
      [call({ ...sendTemplate.example, template: { ...template, language: { code: 'hi' } } }), 404, 132001],
      [call({ ...sendTemplate.example, template: { ...template, components: [template.components[0]] } }), 400, 132000],
      [call({ ...sendTemplate.example, template: { ...template, components: [{ type: 'body', parameters: [{ type: 'text', text: 'MK-1042' }] }, template.components[1]] } }), 400, 132000],
      [call({ ...sendTemplate.example, template: { ...template, components: [{ type: 'body', parameters: [{ type: 'text', text: 'MK-1042\nline' }, { type: 'text', text: '1' }] }, template.components[1]] } }), 400, 100],
      [call({ ...sendTemplate.example, type: 'text', text: { body: 'hello' } }), 400, 100],
      [call(sendTemplate.example, settings.token, '999999999999999'), 400, 100],
    ];
    for (const [response, status, code] of refusals) {
      const answer = await response;
      const body = (await answer.json()) as { error: { code: number } };
      expect([answer.status, body.error.code]).toEqual([status, code]);
      expectDocumentedShape(body, { error: { message: '', type: '', code: 0, fbtrace_id: '' } });
    }
    expect((await channelFailure(sendTemplateMessage(fetch, { ...live(), token: 'someone-elses-token' }, message))).permanent).toBe(true);
    expect((await channelFailure(sendTemplateMessage(fetch, live(), { ...message, bodyParameters: ['MK-1042'] }))).permanent).toBe(true);
    expect((await channelFailure(sendTemplateMessage(fetch, live(), { ...message, template: 'order_shipped', language: 'hi', bodyParameters: ['MK-1'], buttonUrlSuffix: null }))).permanent).toBe(true);
    expect(delivered).toEqual([]);
  });

  it('fails the next sends on request with a rate limit, which our client retries later', async () => {
    await fetch(`${emulator.url}/__emulator/fail-next`, { method: 'POST', body: JSON.stringify({ count: 1, status: 429 }) });
    const error = await channelFailure(sendTemplateMessage(fetch, live(), message));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('code 130429');
    expect(await sendTemplateMessage(fetch, live(), message)).toEqual({ providerMessageId: expect.stringMatching(/^wamid\./) });
  });

  it('posts a signed inbound text message on request, as a customer’s STOP reply arrives', async () => {
    const response = await fetch(`${emulator.url}/__emulator/inbound`, { method: 'POST', body: JSON.stringify({ from: '+919812345678', text: 'STOP' }) });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const [hook] = await hooksAbout(id, 1);
    expect(await isMetaSignature(hook!.body, hook!.headers[signature.header]!, signature.appSecret)).toBe(true);
    expectDocumentedShape(JSON.parse(hook!.body), inboundWebhooks.text);
    const { replies } = parseWhatsAppWebhook(JSON.parse(hook!.body));
    expect(replies).toEqual([expect.objectContaining({ from: '+919812345678', text: 'STOP', providerMessageId: id })]);
    expect(isStopReply(replies[0]!.text)).toBe(true);
  });

  it('answers paths it does not implement with a loud Graph error', async () => {
    const response = await fetch(`${emulator.url}/v26.0/${PHONE_NUMBER_ID}/media`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 2500, message: expect.stringContaining('Unknown path components') } });
  });
});
