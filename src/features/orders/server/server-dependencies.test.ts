import { describe, expect, it } from 'vitest';
import { localEnv } from '../../../lib/local-stack';
import { parseServerDependenciesEnv } from './server-dependencies';
import { phoneChannels } from '../../messages/server/public';

// The functions' env as Netlify gives it: a channel left out is off, one set in part is refused by
// name when a function starts (as the build refuses it, src/lib/production-env.ts).
const base = Object.fromEntries(Object.entries(localEnv()).filter(([name]) => !name.startsWith('MSG91_') && !name.startsWith('WHATSAPP_')));

describe('the message channels a function starts with', () => {
  it('turns SMS and WhatsApp off when their settings are left out, mail staying on', () => {
    expect(phoneChannels(parseServerDependenciesEnv(base))).toEqual({ sms: null, whatsapp: null });
  });

  it('turns each on with its whole group, and WhatsApp alone never needs SMS', () => {
    const all = phoneChannels(parseServerDependenciesEnv(localEnv()));
    expect(all.sms).toMatchObject({ senderId: 'LCLSMS', templateIds: expect.objectContaining({ medikart_order_confirmation_en: 'local-medikart_order_confirmation_en' }) });
    expect(all.whatsapp).toMatchObject({ phoneNumberId: '100000000000001' });
    const whatsappOnly = Object.fromEntries(Object.entries(localEnv()).filter(([name]) => !name.startsWith('MSG91_')));
    expect(phoneChannels(parseServerDependenciesEnv(whatsappOnly)).sms).toBeNull();
  });

  it('refuses a group set in part, or template ids with one missing, naming each variable and never a value', () => {
    expect(() => parseServerDependenciesEnv({ ...base, MSG91_AUTH_KEY: 'a-real-looking-key', MSG91_SENDER_ID: 'MDKART' })).toThrow(
      'Functions are misconfigured: MSG91_TEMPLATE_IDS is not set; MSG91_WEBHOOK_TOKEN is not set',
    );
    expect(() => parseServerDependenciesEnv({ ...base, WHATSAPP_TOKEN: 'EAAG-token' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID is not set; WHATSAPP_APP_SECRET is not set; WHATSAPP_VERIFY_TOKEN is not set/);
    expect(() => parseServerDependenciesEnv({ ...localEnv(), MSG91_TEMPLATE_IDS: 'medikart_order_confirmation_en=abc' })).toThrow(/MSG91_TEMPLATE_IDS has no id for medikart_prescription_reviewed_en/);
    expect(() => parseServerDependenciesEnv({ ...localEnv(), MSG91_SENDER_ID: 'medikart' })).toThrow('MSG91_SENDER_ID must be the 6-letter DLT header');
    expect(() => parseServerDependenciesEnv({ ...base, MSG91_AUTH_KEY: 'secret-value-123' })).toThrow(/^(?!.*secret-value-123).*MSG91_SENDER_ID is not set/s);
  });
});
