/**
 * Checks a deployed store from outside, the way a customer's browser and the providers reach it:
 *   npm run preflight -- --site https://<your site> [--expect-live | --expect-test] [--whatsapp-verify-token <token>] [--shiprocket-webhook-token <token>]
 * Pages and security headers served, /api functions answering bad input with a 4xx and the same
 * headers, the SMS, sign-in code and WhatsApp endpoints configured and refusing unsigned calls, the
 * Supabase URL and anon key the pages were built with accepted by Supabase, the Razorpay key id in
 * the expected mode, the courier provider's PIN-code check and tracking webhook (its token, when
 * given, tried as Shiprocket sends it), and (for a site not on this machine) no local-stack address shipped.
 * One PASS/FAIL line per check; the exit code is 1 when any check fails.
 */
import { parseArgs } from 'node:util';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const USAGE = 'Usage: npm run preflight -- --site https://<your site> [--expect-live | --expect-test] [--whatsapp-verify-token <token>] [--shiprocket-webhook-token <token>]';
const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'strict-transport-security'] as const;
// A local address has a port (supabase-js names the bare host 127.0.0.1 in its trace settings).
const LOCAL_TRACE = /\b(?:127\.0\.0\.1|localhost):\d+|rzp_test_localemulator/;
const TIMEOUT_MS = 15_000;

const get = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

function missingHeaders(response: Response, https: boolean): string[] {
  const missing: string[] = SECURITY_HEADERS.filter((name) => (name !== 'strict-transport-security' || https) && !response.headers.get(name));
  if (response.headers.get('x-content-type-options') && response.headers.get('x-content-type-options') !== 'nosniff') missing.push('x-content-type-options: nosniff');
  if (!/frame-ancestors 'none'/.test(response.headers.get('content-security-policy') ?? '')) missing.push("CSP frame-ancestors 'none'");
  return missing;
}

/** Every script a page loads, and the chunks those import, on the site's own origin. */
async function shippedScripts(site: URL, pages: string[]): Promise<string[]> {
  const queue = pages.flatMap((html) => [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map((match) => match[1]!));
  const seen = new Set<string>();
  const texts: string[] = [];
  while (queue.length > 0 && seen.size < 150) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await get(new URL(path, site).toString());
    if (!response.ok) continue;
    const text = await response.text();
    texts.push(text);
    for (const match of text.matchAll(/["'`](\.{0,2}\/?[\w./-]*?([\w-]+(?:\.[\w-]+)*\.js))["'`]/g)) {
      const resolved = new URL(match[1]!, new URL(path, site)).pathname;
      if (resolved.startsWith('/_astro/')) queue.push(resolved);
    }
  }
  return texts;
}

/** The JWT role in an anon key, or null when it is not a JWT (new-style sb_publishable_ keys). */
function jwtRole(key: string): string | null {
  try {
    return (JSON.parse(Buffer.from(key.split('.')[1]!, 'base64url').toString('utf8')) as { role?: string }).role ?? null;
  } catch {
    return null;
  }
}

/**
 * The message channels' endpoints (issue 38), probed without a secret: each refuses an unsigned call
 * with 401 when its settings are there, and answers 404 when they are left out. SMS (MSG91) and the
 * sign-in codes' hook are required (the store promises SMS); WhatsApp is optional, and with
 * --whatsapp-verify-token the handshake Meta makes is tried with it.
 */
async function messageChecks(site: URL, check: (name: string, ok: boolean, detail: string) => void, verifyToken: string | undefined): Promise<void> {
  const probe = async (path: string, init: RequestInit = {}): Promise<{ status: number; text: string } | string> => {
    try {
      const response = await get(new URL(path, site).toString(), init);
      return { status: response.status, text: await response.text() };
    } catch (error) {
      return `unreachable: ${(error as Error).message}`;
    }
  };
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  const sms = await probe('/api/sms/delivery-report', post);
  check(
    'SMS (MSG91) configured',
    typeof sms !== 'string' && sms.status === 401,
    typeof sms === 'string' ? sms : sms.status === 401 ? 'the delivery-report webhook refuses a call without its token' : sms.status === 404 ? 'off: set the MSG91_* variables (docs/going-live.md, "SMS")' : `answered ${sms.status}`,
  );
  const hook = await probe('/api/auth/send-sms', post);
  check(
    'sign-in codes through the Send SMS hook',
    typeof hook !== 'string' && hook.status === 401,
    typeof hook === 'string' ? hook : hook.status === 401 ? 'the hook refuses an unsigned call' : hook.status === 404 ? 'off: set SEND_SMS_HOOK_SECRET and the MSG91_* variables' : `answered ${hook.status}`,
  );
  const whatsapp = await probe('/api/whatsapp/webhook', post);
  if (typeof whatsapp !== 'string' && whatsapp.status === 404) {
    check('WhatsApp (Cloud API)', verifyToken === undefined, verifyToken === undefined ? 'off: no WHATSAPP_* variables (optional; customers are told by SMS)' : 'off, but a verify token was given: set the WHATSAPP_* variables');
    return;
  }
  check('WhatsApp webhook signature', typeof whatsapp !== 'string' && whatsapp.status === 401, typeof whatsapp === 'string' ? whatsapp : `an unsigned POST answered ${whatsapp.status}`);
  if (verifyToken === undefined) return;
  const challenge = `preflight-${Date.now()}`;
  const handshake = await probe(`/api/whatsapp/webhook?${new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': challenge })}`);
  check(
    'WhatsApp webhook handshake',
    typeof handshake !== 'string' && handshake.status === 200 && handshake.text === challenge,
    typeof handshake === 'string' ? handshake : handshake.status === 200 ? 'answers Meta’s verification with the challenge' : `answered ${handshake.status} (the verify token is not the site’s WHATSAPP_VERIFY_TOKEN?)`,
  );
}

/**
 * Shipping (issue 39): the cart's PIN-code check answers, and the courier provider's tracking webhook
 * refuses a call without its token (404 when the SHIPROCKET_* group is left out: own zones only).
 * With --shiprocket-webhook-token, the token set in Shiprocket's panel is tried as Shiprocket sends
 * it (x-api-key) with an AWB the shop never booked: the site must take it (200) and ignore it.
 */
async function shippingChecks(site: URL, check: (name: string, ok: boolean, detail: string) => void, webhookToken: string | undefined): Promise<void> {
  try {
    const response = await get(new URL('/api/shipping/serviceability?pin=110001', site).toString());
    const body = (await response.json().catch(() => null)) as { serviceable?: unknown; message?: unknown } | null;
    check('PIN-code check', response.status === 200 && typeof body?.serviceable === 'boolean', response.status === 200 ? `110001: ${String(body?.message)}` : `answered ${response.status}`);
  } catch (error) {
    check('PIN-code check', false, `unreachable: ${(error as Error).message}`);
  }
  const hook = new URL('/api/shipping/courier-updates', site).toString();
  try {
    const unsigned = await get(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (unsigned.status === 404) {
      check('courier tracking webhook (Shiprocket)', webhookToken === undefined, webhookToken === undefined ? 'off: no SHIPROCKET_* variables (optional; the shop delivers to its own zones only)' : 'off, but a webhook token was given: set the SHIPROCKET_* variables');
      return;
    }
    check('courier tracking webhook refuses a call without its token', unsigned.status === 401, `an unsigned POST answered ${unsigned.status}`);
    if (webhookToken === undefined) return;
    const probe = await get(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': webhookToken },
      body: JSON.stringify({ awb: `PREFLIGHT${Date.now()}`, current_status: 'IN TRANSIT', shipment_status_id: 18, scans: [] }),
    });
    const answer = (await probe.json().catch(() => null)) as { ignored?: unknown } | null;
    check('courier tracking webhook token', probe.status === 200 && typeof answer?.ignored === 'string', probe.status === 200 ? 'Shiprocket’s token is the site’s SHIPROCKET_WEBHOOK_TOKEN' : `answered ${probe.status} (the token is not the site’s SHIPROCKET_WEBHOOK_TOKEN?)`);
  } catch (error) {
    check('courier tracking webhook', false, `unreachable: ${(error as Error).message}`);
  }
}

export async function preflight(site: URL, expect: 'live' | 'test' | null, options: { whatsappVerifyToken?: string; shiprocketWebhookToken?: string } = {}): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const https = site.protocol === 'https:';
  const local = ['localhost', '127.0.0.1'].includes(site.hostname);

  const pages: string[] = [];
  for (const path of ['/', '/cart', '/login']) {
    try {
      const response = await get(new URL(path, site).toString());
      const html = await response.text();
      pages.push(html);
      const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
      check(`page ${path}`, response.status === 200 && isHtml, `${response.status} ${response.headers.get('content-type') ?? 'no content-type'}`);
      const missing = missingHeaders(response, https);
      const metaCsp = /<meta http-equiv="content-security-policy"/i.test(html);
      check(`security headers on ${path}`, missing.length === 0 && metaCsp, missing.length > 0 ? `missing ${missing.join(', ')}` : metaCsp ? 'CSP header and meta, nosniff, referrer policy' + (https ? ', HSTS' : '') : 'no CSP <meta> in the page');
    } catch (error) {
      check(`page ${path}`, false, `unreachable: ${(error as Error).message}`);
    }
  }
  try {
    const response = await get(new URL('/products/preflight-no-such-medicine', site).toString());
    check('unknown product answers 404', response.status === 404, String(response.status));
  } catch (error) {
    check('unknown product answers 404', false, `unreachable: ${(error as Error).message}`);
  }

  // Bad input only: none of these writes a row or calls a provider.
  const probes: [string, RequestInit, number][] = [
    ['/api/razorpay/create-order', { method: 'GET' }, 405],
    ['/api/cod/create-order', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }, 400],
    ['/api/orders/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, 400],
    ['/api/razorpay/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, 401],
  ];
  for (const [path, init, expected] of probes) {
    try {
      const response = await get(new URL(path, site).toString(), init);
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      const missing = missingHeaders(response, https);
      const ok = response.status === expected && typeof body?.error === 'string' && missing.length === 0;
      check(`${init.method} ${path} refuses bad input`, ok, `${response.status}${typeof body?.error === 'string' ? ` "${body.error}"` : ' without a JSON error'}${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}`);
    } catch (error) {
      check(`${init.method} ${path} refuses bad input`, false, `unreachable: ${(error as Error).message}`);
    }
  }

  await messageChecks(site, check, options.whatsappVerifyToken);
  await shippingChecks(site, check, options.shiprocketWebhookToken);

  const scripts = await shippedScripts(site, pages).catch(() => []);
  const shipped = [...pages, ...scripts].join('\n');
  const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(pages[0] ?? '')?.[1] ?? '';
  const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
  // astro.config.mjs lists the Supabase origin first, before Razorpay's.
  const supabaseUrl = connect.find((source) => /^https?:\/\//.test(source));
  const anonKey = [...shipped.matchAll(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g)].map((match) => match[0]).find((key) => jwtRole(key) === 'anon') ?? /sb_publishable_[\w-]+/.exec(shipped)?.[0];
  if (!supabaseUrl || !anonKey) {
    check('Supabase URL and anon key', false, `not found in the shipped pages and scripts (${supabaseUrl ? 'URL found' : 'no URL in the CSP connect-src'}, ${anonKey ? 'key found' : 'no anon key'})`);
  } else {
    try {
      const response = await get(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: anonKey } });
      check('Supabase URL and anon key', response.status === 200, `${supabaseUrl}/auth/v1/settings answered ${response.status}${response.status === 401 ? ' (the anon key is not this project’s)' : ''}`);
    } catch (error) {
      check('Supabase URL and anon key', false, `${supabaseUrl} unreachable: ${(error as Error).message}`);
    }
  }

  const keyId = /rzp_(?:live|test)_\w+/.exec(shipped)?.[0];
  const mode = keyId?.startsWith('rzp_live_') ? 'live' : keyId ? 'test' : null;
  check(
    'Razorpay key id',
    mode !== null && (expect === null || expect === mode),
    keyId ? `${keyId} is in ${mode} mode${expect && expect !== mode ? `, expected ${expect}` : ''}` : 'no rzp_live_/rzp_test_ key id in the shipped scripts',
  );

  if (!local) {
    const trace = LOCAL_TRACE.exec(shipped)?.[0];
    check('no local-stack address shipped', !trace, trace ? `found "${trace}"` : `${scripts.length} scripts and ${pages.length} pages searched`);
  }
  return checks;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { site: { type: 'string' }, 'expect-live': { type: 'boolean' }, 'expect-test': { type: 'boolean' }, 'whatsapp-verify-token': { type: 'string' }, 'shiprocket-webhook-token': { type: 'string' } },
  });
  if (!values.site || (values['expect-live'] && values['expect-test'])) throw new Error(USAGE);
  let site: URL;
  try {
    site = new URL(values.site);
  } catch {
    throw new Error(`--site must be the store's address, e.g. https://medikart.netlify.app\n${USAGE}`);
  }
  const verifyToken = values['whatsapp-verify-token'];
  const shiprocketToken = values['shiprocket-webhook-token'];
  const checks = await preflight(site, values['expect-live'] ? 'live' : values['expect-test'] ? 'test' : null, {
    ...(verifyToken ? { whatsappVerifyToken: verifyToken } : {}),
    ...(shiprocketToken ? { shiprocketWebhookToken: shiprocketToken } : {}),
  });
  for (const { name, ok, detail } of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
  const failed = checks.filter((result) => !result.ok).length;
  console.log(failed === 0 ? `All ${checks.length} checks passed for ${site.origin}.` : `${failed} of ${checks.length} checks failed for ${site.origin}.`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
