import { PAYMENT_METHODS } from '../domain/payment-methods';
import { MESSAGE_CHANNEL_SETTINGS, parseTemplateIds, SEND_SMS_HOOK_SETTINGS } from '../domain/message-settings';
import { registeredSmsTemplates } from '../domain/messages';
import { PAYMENT_SECRETS } from '../domain/payment-secrets';
import { SHIPPING_SETTINGS } from '../domain/shipping-settings';
import { isLocalAddress } from './local-address';
import { LOCAL_PHONEPE_BASE, localEnv, LOCAL_RAZORPAY_CHECKOUT_URL, LOCAL_RAZORPAY_KEY_ID, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from './local-stack';

type Env = Readonly<Record<string, string | undefined>>;

/** Netlify contexts served from Netlify, where nothing on 127.0.0.1 can answer: their builds are checked. */
export const CHECKED_CONTEXTS = ['production', 'deploy-preview'] as const;

/** Baked into the browser bundle: without them it would ship the local stack's. */
export const PUBLIC_ENV = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_RAZORPAY_KEY_ID'] as const;
/**
 * What every function needs: Razorpay is the online method a shop launches with, and SMS (MSG91,
 * with the Send SMS hook's secret for sign-in codes) is how the store's promised messages reach
 * customers who never open a mail.
 */
export const SERVER_ENV = [
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'ORDER_LINK_SECRET',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'MAIL_API_KEY',
  'MAIL_FROM',
  ...MESSAGE_CHANNEL_SETTINGS.sms,
  ...SEND_SMS_HOOK_SETTINGS,
] as const;
/** The courier provider is optional, all or nothing: left out, the shop delivers only to its own zones. */
export const OPTIONAL_SHIPPING_ENV: readonly string[] = Object.values(SHIPPING_SETTINGS).flat();
/** WhatsApp is optional, all or nothing: left out, customers are told by SMS. */
export const OPTIONAL_MESSAGE_ENV: readonly string[] = MESSAGE_CHANNEL_SETTINGS.whatsapp;
/** Every other payment method's secrets are optional, each group all or nothing: left out entirely, checkout does not offer it. */
export const OPTIONAL_PAYMENT_ENV: readonly string[] = Object.values(PAYMENT_SECRETS)
  .flat()
  .filter((name) => !(SERVER_ENV as readonly string[]).includes(name));
/** Optional (the real providers are the default on Netlify) but never a local address when set. */
export const OPTIONAL_URL_ENV = ['PUBLIC_RAZORPAY_CHECKOUT_URL', 'RAZORPAY_API_BASE', 'PHONEPE_IDENTITY_BASE', 'PHONEPE_PG_BASE', 'MAIL_API_BASE', 'MSG91_API_BASE', 'WHATSAPP_API_BASE', 'SHIPROCKET_API_BASE'] as const;

/** Razorpay's own checkout script (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

// The local stack's well-known keys and secrets (PHONEPE_CLIENT_VERSION's '1' is a real version too).
const LOCAL_VALUES = new Set(
  [
    ...Object.entries(localEnv())
      .filter(([name]) => name !== 'PHONEPE_CLIENT_VERSION')
      .map(([, value]) => value),
    LOCAL_SUPABASE_ANON_KEY,
    LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    LOCAL_RAZORPAY_KEY_ID,
    LOCAL_RAZORPAY_CHECKOUT_URL,
    LOCAL_PHONEPE_BASE,
  ],
);

/** True for a value that only the local stack answers: a localhost address or one of its well-known keys. */
export function isLocalValue(value: string): boolean {
  return isLocalAddress(value) || LOCAL_VALUES.has(value.trim());
}

const isChecked = (env: Env) => (CHECKED_CONTEXTS as readonly (string | undefined)[]).includes(env.CONTEXT);
const isSet = (env: Env, name: string) => Boolean(env[name]?.trim());

/** The checkout script the browser loads: as set, else Razorpay's on Netlify and the emulator's locally. */
export function razorpayCheckoutUrl(env: Env): string {
  if (isSet(env, 'PUBLIC_RAZORPAY_CHECKOUT_URL')) return env.PUBLIC_RAZORPAY_CHECKOUT_URL!.trim();
  return isChecked(env) ? RAZORPAY_CHECKOUT_URL : LOCAL_RAZORPAY_CHECKOUT_URL;
}

/** The payment methods checkout offers, in the table's order: locally all (the emulators), on Netlify those whose secrets are set. */
export function offeredPaymentMethods(env: Env): string {
  const offered = PAYMENT_METHODS.filter((method) => !isChecked(env) || PAYMENT_SECRETS[method.value].every((name) => isSet(env, name)));
  return offered.map((method) => method.value).join(',');
}

/**
 * The one line a build on Netlify (production or a deploy preview) stops with when a setting is
 * missing, empty or still the local stack's, naming every such variable; null when it may go on.
 * Local builds keep the local defaults.
 */
export function productionEnvProblem(env: Env): string | null {
  if (!isChecked(env)) return null;
  const started: readonly string[] = [...Object.values(PAYMENT_SECRETS), MESSAGE_CHANNEL_SETTINGS.whatsapp, ...Object.values(SHIPPING_SETTINGS)].filter((group: readonly string[]) => group.some((name) => isSet(env, name))).flat();
  const required = [...new Set([...PUBLIC_ENV, ...SERVER_ENV, ...started])];
  const missing: string[] = required.filter((name) => !isSet(env, name));
  // Mail links and PhonePe's return address: SITE_URL, else the URL Netlify sets for the deploy.
  if (!isSet(env, 'SITE_URL') && !isSet(env, 'URL')) missing.push('SITE_URL');
  const local = [...required, ...OPTIONAL_URL_ENV, 'SITE_URL', 'URL'].filter((name) => isSet(env, name) && isLocalValue(env[name]!));
  // Every registered SMS needs its MSG91 template id, or each message of that kind would fail.
  const templates = isSet(env, 'MSG91_TEMPLATE_IDS') ? parseTemplateIds(env.MSG91_TEMPLATE_IDS!, registeredSmsTemplates().map((template) => template.name)) : null;
  const templateProblem = templates && 'problem' in templates ? templates.problem : null;
  if (missing.length === 0 && local.length === 0 && !templateProblem) return null;
  const parts = [
    missing.length > 0 && `set ${missing.join(', ')}`,
    local.length > 0 && `replace the local-stack value of ${local.join(', ')}`,
    templateProblem && `give ${templateProblem.replace(/^MSG91_TEMPLATE_IDS has no id for /, 'MSG91_TEMPLATE_IDS an id for ').replace(/^MSG91_TEMPLATE_IDS has /, 'MSG91_TEMPLATE_IDS in place of ')}`,
  ].filter(Boolean);
  return `${env.CONTEXT} build stopped: ${parts.join(' and ')} in the site's environment (see docs/going-live.md; the local emulator defaults are never shipped).`;
}
