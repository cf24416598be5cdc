/**
 * The well-known settings of the local stack (the emulators, or `supabase start`): ports, URLs and
 * test keys that only those local services accept. Public by design; one copy, read by the build's
 * defaults, the emulators and the scripts. A production build must never fall back to them
 * (production-env.ts).
 */
import { localMsg91TemplateId, registeredSmsTemplates } from '../domain/messages';

export const LOCAL_PORTS = {
  site: 8888,
  supabase: 54321,
  inbox: 54324,
  mail: 54325,
  msg91: 54326,
  whatsapp: 54327,
  razorpay: 54330,
  phonepe: 54331,
  shiprocket: 54332,
} as const;

export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_PORTS.supabase}`;
/** The Supabase CLI's well-known local anon key; the emulator signs with the same JWT secret. */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** The Supabase CLI's well-known local service-role key. */
export const LOCAL_SUPABASE_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_localemulator';
export const LOCAL_RAZORPAY_API_BASE = `http://127.0.0.1:${LOCAL_PORTS.razorpay}`;
export const LOCAL_RAZORPAY_CHECKOUT_URL = `${LOCAL_RAZORPAY_API_BASE}/v1/checkout.js`;
export const LOCAL_PHONEPE_BASE = `http://127.0.0.1:${LOCAL_PORTS.phonepe}`;
export const LOCAL_MAIL_API_BASE = `http://127.0.0.1:${LOCAL_PORTS.mail}`;
export const LOCAL_SHIPROCKET_API_BASE = `http://127.0.0.1:${LOCAL_PORTS.shiprocket}/v1/external`;
export const LOCAL_MSG91_API_BASE = `http://127.0.0.1:${LOCAL_PORTS.msg91}`;
/** With the Graph API version, as https://graph.facebook.com/v26.0 has it (v26.0: current since 29 July 2026). */
export const LOCAL_WHATSAPP_API_BASE = `http://127.0.0.1:${LOCAL_PORTS.whatsapp}/v26.0`;

/** Signs the local Supabase Auth's Send SMS hook calls (Standard Webhooks, as `supabase start` would with this secret in config.toml). */
export const LOCAL_SEND_SMS_HOOK_SECRET = 'v1,whsec_bG9jYWwtc2VuZC1zbXMtaG9vay1zZWNyZXQtMDEyMzQ1Njc4OQ==';

/** Every variable the site and its functions read, as the local stack answers them. */
export function localEnv(sitePort: number = LOCAL_PORTS.site): Record<string, string> {
  return {
    SITE_URL: `http://localhost:${sitePort}`,
    SUPABASE_URL: LOCAL_SUPABASE_URL,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    RAZORPAY_KEY_ID: LOCAL_RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: 'local-razorpay-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'local-razorpay-webhook-secret',
    RAZORPAY_API_BASE: LOCAL_RAZORPAY_API_BASE,
    PHONEPE_CLIENT_ID: 'LOCALPHONEPECLIENT',
    PHONEPE_CLIENT_SECRET: 'local-phonepe-client-secret',
    PHONEPE_CLIENT_VERSION: '1',
    PHONEPE_IDENTITY_BASE: LOCAL_PHONEPE_BASE,
    PHONEPE_PG_BASE: LOCAL_PHONEPE_BASE,
    PHONEPE_WEBHOOK_USERNAME: 'local-phonepe-webhook',
    PHONEPE_WEBHOOK_PASSWORD: 'local-phonepe-webhook-password',
    ORDER_LINK_SECRET: 'local-order-link-secret-at-least-32-bytes-long',
    MAIL_API_BASE: LOCAL_MAIL_API_BASE,
    MAIL_API_KEY: 'local-mail-api-key',
    MAIL_FROM: 'MediKart <orders@medikart.local>',
    MSG91_AUTH_KEY: 'local-msg91-auth-key',
    MSG91_SENDER_ID: 'LCLSMS',
    MSG91_API_BASE: LOCAL_MSG91_API_BASE,
    MSG91_WEBHOOK_TOKEN: 'local-msg91-webhook-token-0123456789',
    WHATSAPP_TOKEN: 'local-whatsapp-token',
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    WHATSAPP_APP_SECRET: 'local-whatsapp-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'local-whatsapp-verify-token',
    WHATSAPP_API_BASE: LOCAL_WHATSAPP_API_BASE,
    // The emulator registers each template under local-<name> (src/domain/messages.ts).
    MSG91_TEMPLATE_IDS: registeredSmsTemplates()
      .map((template) => `${template.name}=${localMsg91TemplateId(template.name)}`)
      .join(','),
    SEND_SMS_HOOK_SECRET: LOCAL_SEND_SMS_HOOK_SECRET,
    SHIPROCKET_EMAIL: 'api-user@medikart.local',
    SHIPROCKET_PASSWORD: 'local-shiprocket-password',
    SHIPROCKET_PICKUP_LOCATION: 'MediKart Pharmacy',
    SHIPROCKET_PICKUP_PIN_CODE: '560001',
    SHIPROCKET_WEBHOOK_TOKEN: 'local-shiprocket-webhook-token-0123456789',
    SHIPROCKET_API_BASE: LOCAL_SHIPROCKET_API_BASE,
  };
}
