import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Every function that needs a signed-in customer or a staff member checks the caller before it
 * reads the body: an anonymous prober learns nothing of a body's schema (a 400 or 422 with the
 * schema's sentence), only that it must sign in (401) or may not (403).
 *
 * Every file in netlify/functions/ is called here unless it is listed below with the reason it has
 * no such caller, so a new function is held to the rule until someone decides otherwise.
 */
const NO_SIGNED_IN_CALLER: Record<string, string> = {
  // Checkout: guests buy too; the body is priced and checked, the caller is optional.
  'razorpay-create-order': 'checkout creation, open to guests',
  'phonepe-create-payment': 'checkout creation, open to guests',
  'cod-create-order': 'checkout creation, open to guests',
  'coupons-check': "the cart's coupon quote before paying, open to guests like checkout creation",
  'razorpay-verify-payment': "checked by the provider's signature in the body, open to guests",
  'phonepe-verify-payment': "checked against the provider's order status, open to guests",
  'prescription-requests-submit': 'a prescription request, open to guests',
  // Webhooks carry their own signatures (Razorpay's HMAC header, PhonePe's Basic hash).
  'razorpay-webhook': "a webhook, signed by Razorpay's own header",
  'phonepe-webhook': "a webhook, signed by PhonePe's own Authorization header",
  'whatsapp-webhook': "a webhook, signed by Meta's X-Hub-Signature-256 (and its GET handshake by the verify token)",
  'shipping-courier-updates': "Shiprocket's tracking webhook, admitted by the x-api-key token it sends (404 while courier shipping is off)",
  'sms-delivery-report': "MSG91's delivery reports, admitted by the secret token in the URL",
  'auth-send-sms': "Supabase Auth's Send SMS hook, signed with the hook secret (Standard Webhooks)",
  // Signed links: the key that admits a guest is part of the body or query, so it is read first.
  'orders-get': "its owner signed in, or a guest with the order's key in the query",
  'orders-cancel': "its owner signed in, or a guest with the order's key in the body",
  'orders-invoice': "its owner signed in, or a guest with the order's key in the query",
  'orders-reorder': "its owner signed in, a guest with the order's key, or a refill mail's key, in the body",
  'prescription-requests-get': "its owner signed in, or a guest with the request's key in the query",
  'refills-stop': "the reminder mail's signed link, in the query",
  'shipping-parcel': "its owner signed in, or a guest with the order's key in the query",
  'shipping-reattempt': "its owner signed in, or a guest with the order's key in the body",
  'short-link': "an SMS's short link: the signature is in the path",
  // Public reads.
  'product-by-id': 'old product addresses, public',
  'og-product-image': 'share images for link previews, public',
  'shipping-serviceability': "the cart's PIN-code check, public",
  'stock-availability': 'stock counts for product pages, public',
  // Scheduled functions have no path: Netlify runs them, nobody can call them.
  'orders-reconcile': 'scheduled, no path',
  'prescription-requests-expire': 'scheduled, no path',
  'refill-reminders': 'scheduled, no path',
  'shipping-reconcile': 'scheduled, no path',
};

const functionsDir = path.resolve(import.meta.dirname, '../functions');
const functionNames = readdirSync(functionsDir)
  .filter((file) => file.endsWith('.mts'))
  .map((file) => file.replace(/\.mts$/, ''))
  .sort();
const callerChecked = functionNames.filter((name) => !(name in NO_SIGNED_IN_CALLER));

interface FunctionModule {
  default: (req: Request, context?: unknown) => Promise<Response>;
  config: { path?: string | string[] };
}

/** Bodies a prober might send: not JSON, JSON of the wrong shape, and nothing. */
const INVALID_BODIES: [string, string][] = [
  ['text that is not JSON', 'this is not json'],
  ['JSON of the wrong shape', JSON.stringify({ requestId: 42, decision: 'maybe', lines: 'all', fileId: [], orderId: null, csv: 7 })],
  ['an empty body', ''],
];

beforeEach(() => {
  // A complete configuration whose servers answer nothing (port 9 refuses): a function that looks
  // anything up for an anonymous caller fails with 500 rather than passing by luck.
  const unreachable = 'http://127.0.0.1:9';
  vi.stubEnv('SITE_URL', 'http://localhost:8888');
  vi.stubEnv('SUPABASE_URL', unreachable);
  vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'caller-before-body-service-role');
  vi.stubEnv('ORDER_LINK_SECRET', 'caller-before-body-order-link-secret-32-bytes-or-more');
  vi.stubEnv('MAIL_API_BASE', unreachable);
  vi.stubEnv('MAIL_API_KEY', 'caller-before-body-mail-key');
  vi.stubEnv('MAIL_FROM', 'MediKart <orders@medikart.test>');
});

describe('the list of functions without a signed-in caller', () => {
  it('names only functions that exist', () => {
    expect(Object.keys(NO_SIGNED_IN_CALLER).filter((name) => !functionNames.includes(name))).toEqual([]);
  });

  it('leaves functions to check', () => {
    expect(callerChecked).toContain('desk-request-decision');
    expect(callerChecked).toContain('account-delete');
  });
});

describe.each(callerChecked)('%s, called by nobody', (name) => {
  it.each(INVALID_BODIES)('refuses the caller (401 or 403) before reading %s', async (_label, body) => {
    const fn = (await import(path.join(functionsDir, `${name}.mts`))) as FunctionModule;
    const route = [fn.config.path ?? []].flat()[0];
    expect(route, `${name} declares a path`).toBeTruthy();
    const response = await fn.default(
      new Request(`http://localhost:8888${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      { waitUntil: () => undefined },
    );
    const answer = await response.text();
    expect([401, 403], `${name} answered ${response.status}: ${answer}`).toContain(response.status);
  });
});
