import { describe, expect, it } from 'vitest';
import { parseServerEnv, providerEnv } from './env';

const complete = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-value',
  RAZORPAY_KEY_ID: 'rzp_test_localemulator',
  RAZORPAY_KEY_SECRET: 'local-razorpay-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'local-razorpay-webhook-secret',
  PHONEPE_CLIENT_ID: 'LOCALPHONEPECLIENT',
  PHONEPE_CLIENT_SECRET: 'local-phonepe-client-secret',
  PHONEPE_CLIENT_VERSION: '1',
  PHONEPE_WEBHOOK_USERNAME: 'local-phonepe-webhook',
  PHONEPE_WEBHOOK_PASSWORD: 'local-phonepe-webhook-password',
  ORDER_LINK_SECRET: 'local-order-link-secret-at-least-32-bytes-long',
  // Netlify sets URL on every deploy.
  URL: 'https://medikart-shop.netlify.app',
};

describe('parseServerEnv', () => {
  it('fills in the real providers as default base URLs', () => {
    const env = parseServerEnv(complete);
    expect(env.RAZORPAY_API_BASE).toBe('https://api.razorpay.com');
    expect(env.PHONEPE_IDENTITY_BASE).toBe('https://api.phonepe.com/apis/identity-manager');
    expect(env.PHONEPE_PG_BASE).toBe('https://api.phonepe.com/apis/pg');
    expect(env.SITE_URL).toBe('https://medikart-shop.netlify.app');
    expect(parseServerEnv({ ...complete, SITE_URL: 'https://www.medikart-shop.in' }).SITE_URL).toBe('https://www.medikart-shop.in');
  });

  it('refuses to start without SITE_URL or Netlify’s URL, the origin of every mail link', () => {
    const { URL: _url, ...rest } = complete;
    expect(() => parseServerEnv(rest)).toThrow(/SITE_URL is not set/);
  });

  it('starts with one provider only: a provider left out entirely is off, one set in part is named', () => {
    const phonePeNames = ['PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_CLIENT_VERSION', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD'];
    const razorpayOnly = Object.fromEntries(Object.entries(complete).filter(([name]) => !phonePeNames.includes(name)));
    expect(providerEnv(parseServerEnv(razorpayOnly), 'phonepe')).toBeNull();
    expect(providerEnv(parseServerEnv(razorpayOnly), 'razorpay')).not.toBeNull();
    expect(() => parseServerEnv({ ...razorpayOnly, PHONEPE_CLIENT_ID: 'M22LIVE' })).toThrow('PHONEPE_WEBHOOK_PASSWORD is not set');
  });

  it('names every missing variable and never echoes a value', () => {
    const { RAZORPAY_KEY_SECRET: _secret, ...rest } = complete;
    const attempt = () => parseServerEnv({ ...rest, SUPABASE_SERVICE_ROLE_KEY: '' });
    expect(attempt).toThrow('RAZORPAY_KEY_SECRET is not set');
    expect(attempt).toThrow('SUPABASE_SERVICE_ROLE_KEY is not set');
    const badUrl = () => parseServerEnv({ ...complete, SUPABASE_URL: 'ftp:// secret-looking value' });
    expect(badUrl).toThrow(/SUPABASE_URL must be a URL/);
    expect(badUrl).not.toThrow(/secret-looking value/);
  });

  it('requires a guest order link secret long enough to sign with, without echoing it', () => {
    const { ORDER_LINK_SECRET: _secret, ...rest } = complete;
    expect(() => parseServerEnv(rest)).toThrow('ORDER_LINK_SECRET is not set');
    const short = () => parseServerEnv({ ...complete, ORDER_LINK_SECRET: 'short-order-link-value' });
    expect(short).toThrow('ORDER_LINK_SECRET needs at least 32 characters');
    expect(short).not.toThrow(/short-order-link-value/);
  });
});
