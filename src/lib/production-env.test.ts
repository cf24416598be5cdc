import { describe, expect, it } from 'vitest';
import { LOCAL_SUPABASE_ANON_KEY, localEnv } from './local-stack';
import { isLocalValue, offeredPaymentMethods, productionEnvProblem, razorpayCheckoutUrl } from './production-env';
import { registeredSmsTemplates } from '../domain/messages';

/** A Razorpay-only store, as a shop owner would configure it on Netlify. */
const configured = {
  CONTEXT: 'production',
  URL: 'https://medikart-shop.netlify.app',
  PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.project-anon-signature',
  PUBLIC_RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
  SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.project-service-signature',
  ORDER_LINK_SECRET: 'q3Vx9L2mA7sPz4Kd8Wf1Yr6Tb0Nc5Hg2Je7Ui4Ol',
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
  RAZORPAY_KEY_SECRET: 'live-key-secret-from-dashboard',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-from-dashboard',
  MAIL_API_KEY: 're_live_mail_key',
  MAIL_FROM: 'MediKart <orders@medikart-shop.in>',
  MSG91_AUTH_KEY: '418220AbCdEfGhIjKl0123',
  MSG91_SENDER_ID: 'MDKART',
  MSG91_TEMPLATE_IDS: registeredSmsTemplates().map((template, index) => `${template.name}=6650a1b2c3d4e5f6a7b8c9${String(index).padStart(2, '0')}`).join(','),
  MSG91_WEBHOOK_TOKEN: 'a-long-random-token-for-msg91-reports',
  SEND_SMS_HOOK_SECRET: 'v1,whsec_cHJvZHVjdGlvbi1ob29rLXNlY3JldA==',
};

describe('productionEnvProblem', () => {
  it('lets a configured production build go on, with Netlify’s URL standing in for SITE_URL', () => {
    expect(productionEnvProblem(configured)).toBeNull();
    expect(productionEnvProblem({ ...configured, CONTEXT: 'deploy-preview' })).toBeNull();
  });

  it('names every missing, blank or local setting in one line, the checkout script among them', () => {
    const { PUBLIC_RAZORPAY_KEY_ID: _key, URL: _url, MAIL_FROM: _from, ...rest } = configured;
    const problem = productionEnvProblem({
      ...rest,
      RAZORPAY_KEY_SECRET: ' ',
      SUPABASE_URL: 'http://127.0.0.1:54321',
      PUBLIC_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
      PUBLIC_RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:54330/v1/checkout.js',
    });
    expect(problem).toContain('set PUBLIC_RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, MAIL_FROM, SITE_URL');
    expect(problem).toContain('replace the local-stack value of PUBLIC_SUPABASE_ANON_KEY, SUPABASE_URL, PUBLIC_RAZORPAY_CHECKOUT_URL');
    expect(problem).not.toContain('\n');
    expect(problem).not.toContain(LOCAL_SUPABASE_ANON_KEY);
  });

  it('takes a store without PhonePe, but not PhonePe set in part', () => {
    expect(productionEnvProblem({ ...configured, PHONEPE_CLIENT_ID: 'M22LIVE' })).toContain(
      'set PHONEPE_CLIENT_SECRET, PHONEPE_CLIENT_VERSION, PHONEPE_WEBHOOK_USERNAME, PHONEPE_WEBHOOK_PASSWORD',
    );
  });

  it('needs SMS (MSG91 and the sign-in codes hook), and takes WhatsApp all or nothing', () => {
    const { MSG91_WEBHOOK_TOKEN: _token, SEND_SMS_HOOK_SECRET: _hook, ...withoutSms } = configured;
    expect(productionEnvProblem(withoutSms)).toContain('set MSG91_WEBHOOK_TOKEN, SEND_SMS_HOOK_SECRET');
    expect(productionEnvProblem({ ...configured, WHATSAPP_TOKEN: 'EAAG-system-user-token' })).toContain('set WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN');
    expect(productionEnvProblem({ ...configured, WHATSAPP_API_BASE: 'http://127.0.0.1:54327/v26.0' })).toContain('local-stack value of WHATSAPP_API_BASE');
    expect(productionEnvProblem({ ...configured, MSG91_TEMPLATE_IDS: 'medikart_order_confirmation_en=6650a1b2c3d4e5f6a7b8c9d0' })).toContain(
      'give MSG91_TEMPLATE_IDS an id for medikart_prescription_reviewed_en,',
    );
  });

  it('refuses a provider base URL left on the emulator', () => {
    expect(productionEnvProblem({ ...configured, MAIL_API_BASE: 'http://127.0.0.1:54325' })).toContain('local-stack value of MAIL_API_BASE');
  });

  it('leaves local builds on the local defaults', () => {
    expect(productionEnvProblem({})).toBeNull();
    expect(productionEnvProblem({ CONTEXT: 'dev' })).toBeNull();
  });
});

describe('razorpayCheckoutUrl', () => {
  it('is Razorpay’s own script on Netlify unless set, and the emulator’s locally', () => {
    expect(razorpayCheckoutUrl(configured)).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(razorpayCheckoutUrl({})).toBe('http://127.0.0.1:54330/v1/checkout.js');
  });
});

describe('isLocalValue', () => {
  it('knows every local-stack address and secret, and no real value', () => {
    for (const [name, value] of Object.entries(localEnv())) if (name !== 'PHONEPE_CLIENT_VERSION') expect(isLocalValue(value), name).toBe(true);
    for (const value of Object.values(configured)) expect(isLocalValue(value)).toBe(false);
  });
});

describe('offeredPaymentMethods', () => {
  it('offers on Netlify only the providers configured, and everything on the local stack', () => {
    expect(offeredPaymentMethods(configured)).toBe('razorpay,cod');
    const phonePe = { PHONEPE_CLIENT_ID: 'M22LIVE', PHONEPE_CLIENT_SECRET: 's', PHONEPE_CLIENT_VERSION: '1', PHONEPE_WEBHOOK_USERNAME: 'hook_user', PHONEPE_WEBHOOK_PASSWORD: 'hookpass123' };
    expect(offeredPaymentMethods({ ...configured, ...phonePe })).toBe('razorpay,phonepe,cod');
    expect(offeredPaymentMethods({})).toBe('razorpay,phonepe,cod');
  });
});
