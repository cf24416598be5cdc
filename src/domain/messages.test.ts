import { describe, expect, it } from 'vitest';
import { fitVariable, signInCodeTemplate, messageKinds, messageTable, messageWords, registeredSmsTemplates, registeredWhatsAppTemplates, renderSms, smsSegments, SITE_URL_BUDGET, fittedValues, UCS2_MAX_SEGMENTS } from './messages';

// The longest short link an SMS carries: a site address at its budget, then /s/<type>/<id>/<signature>
// with the longest id (a refill reminder's uuid, 22 characters in base64url).
const longestLink = `${'https://'.padEnd(SITE_URL_BUDGET, 'm')}/s/f/D4-tW9nLRp-hZXCGdyiVDg/AbCdEfGhIjKl`;

describe('the message table', () => {
  it('every English SMS, its variables at their longest and the longest link, fits one GSM-7 segment', () => {
    for (const kind of messageKinds) {
      const values = messageTable[kind].variables.map((variable) => 'W'.repeat(variable.max + 10));
      const text = renderSms(kind, values, longestLink);
      expect(smsSegments(text), `${kind}: ${text.length} characters`).toEqual({ encoding: 'GSM-7', segments: 1 });
    }
  });

  it('each SMS has one {#var#} per variable plus the link, and each WhatsApp body one {{n}} per variable', () => {
    for (const kind of messageKinds) {
      const definition = messageTable[kind];
      expect(definition.sms.match(/\{#var#\}/g)?.length, kind).toBe(definition.variables.length + 1);
      const placeholders = [...definition.whatsapp.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(placeholders, kind).toEqual(definition.variables.map((_, index) => index + 1));
    }
  });

  it('a long value is shortened with "..." (not an ellipsis character, which would turn the SMS into UCS-2)', () => {
    const shortened = fitVariable('Metformin Hydrochloride 500 mg Sustained Release Tablet', { name: 'medicine', max: 30 });
    expect(shortened).toBe('Metformin Hydrochloride 500...');
    expect(smsSegments(shortened).encoding).toBe('GSM-7');
    expect(fittedValues('refill_due', ['Metformin Hydrochloride 500 mg Sustained Release Tablet', '21 Nov'])).toEqual(['Metformin Hydrochloride 500...', '21 Nov']);
  });

  it('renders the registered text with each value in its place', () => {
    expect(renderSms('order_shipped', ['MK-2611-000123', 'Blue Dart', 'BD998877665IN'], 'https://medikart.in/s/o/MK-2611-000123/abc')).toBe(
      'MediKart: MK-2611-000123 shipped via Blue Dart AWB BD998877665IN. Track: https://medikart.in/s/o/MK-2611-000123/abc',
    );
    expect(() => renderSms('order_shipped', ['MK-2611-000123'], 'x')).toThrow('order_shipped takes 3 values, not 1');
  });

  it("the courier's journey has its own messages: out for delivery, a failed attempt with the courier's reason, returned undelivered, a return pickup", () => {
    const link = 'https://medikart.in/s/o/MK-2611-000123/abc';
    expect(renderSms('order_out_for_delivery', ['MK-2611-000123'], link)).toBe(
      'MediKart: order MK-2611-000123 is out for delivery today. Keep your phone on. Track: https://medikart.in/s/o/MK-2611-000123/abc',
    );
    expect(renderSms('order_delivery_failed', ['MK-2611-000123', 'Consignee not available at address'], link)).toBe(
      'MediKart: order MK-2611-000123 not delivered (Consignee not availab...). Reattempt: https://medikart.in/s/o/MK-2611-000123/abc',
    );
    expect(renderSms('order_returned_to_origin', ['MK-2611-000123'], link)).toContain('could not be delivered and came back to us');
    expect(renderSms('order_return_pickup', ['MK-2611-000123', 'Mon, 30 Nov'], link)).toBe(
      'MediKart: return pickup for order MK-2611-000123 is booked for Mon, 30 Nov. Details: https://medikart.in/s/o/MK-2611-000123/abc',
    );
    for (const kind of ['order_out_for_delivery', 'order_delivery_failed', 'order_returned_to_origin', 'order_return_pickup'] as const) {
      expect(messageTable[kind].subject, kind).toBe('order');
      expect(messageTable[kind].dltCategory, kind).toBe('service-implicit');
    }
  });

  it('counts segments as operators do: GSM-7 160 / 153, UCS-2 70 / 67, extended characters twice', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(smsSegments('{'.repeat(81))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(smsSegments('क'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('क'.repeat(135))).toEqual({ encoding: 'UCS-2', segments: 3 });
  });

  it('registers one SMS template per kind and language plus the sign-in code, and one WhatsApp template per kind and language with its button on the site', () => {
    const names = registeredSmsTemplates().map((template) => template.name);
    expect(new Set(names).size).toBe(messageKinds.length * 2 + 2);
    expect(names).toContain('medikart_sign_in_code_en');
    expect(names).toContain('medikart_sign_in_code_hi');
    expect(names).toContain('medikart_order_confirmation_hi');
    const whatsapp = registeredWhatsAppTemplates('https://medikart.in/anything');
    expect(whatsapp).toHaveLength(messageKinds.length * 2);
    expect(whatsapp.filter((template) => template.name === 'medikart_order_shipped').map((template) => template.language)).toEqual(['en', 'hi']);
    expect(whatsapp[0]!.buttonUrl).toBe('https://medikart.in/{{1}}');
  });
});

describe('the messages in Hindi', () => {
  // The longest short link of each subject: the site at its budget, then the longest id (a 16-character number, a reminder's 22-character uuid).
  const origin = 'https://'.padEnd(SITE_URL_BUDGET, 'm');
  const longestLinks = { order: `${origin}/s/o/MK-2611-00001234/AbCdEfGhIjKl`, request: `${origin}/s/r/RX-2611-00001234/AbCdEfGhIjKl`, reminder: longestLink };

  it('has Hindi words for every kind, the shipping ones included', () => {
    for (const kind of messageKinds) expect(messageWords(kind, 'hi').language, kind).toBe('hi');
  });

  it('every Hindi SMS, its values at their caps and the longest link, fits two UCS-2 parts (67 characters each)', () => {
    for (const kind of messageKinds) {
      const words = messageWords(kind, 'hi');
      const values = words.variables.map((variable) => 'W'.repeat(variable.max + 10));
      const text = renderSms(kind, values, longestLinks[messageTable[kind].subject], 'hi');
      expect(smsSegments(text), `${kind}: ${text.length} characters`).toEqual({ encoding: 'UCS-2', segments: UCS2_MAX_SEGMENTS });
    }
  });

  it('takes the same values as the English message: one {#var#} per variable and the link, one {{n}} per variable, a button Meta accepts', () => {
    for (const kind of messageKinds) {
      const words = messageWords(kind, 'hi');
      expect(words.variables.map((variable) => variable.name), kind).toEqual(messageTable[kind].variables.map((variable) => variable.name));
      expect(words.sms.match(/\{#var#\}/g)?.length, kind).toBe(words.variables.length + 1);
      expect(words.sms.startsWith('MediKart: '), kind).toBe(true);
      const placeholders = [...words.whatsapp.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(placeholders, kind).toEqual(words.variables.map((_, index) => index + 1));
      expect(words.button.length, kind).toBeLessThanOrEqual(25);
    }
  });

  it('renders the Hindi text with the values, shortened to its own caps for the SMS and to English caps for WhatsApp', () => {
    const link = 'https://medikart.in/s/o/MK-2611-000123/abc';
    expect(renderSms('order_confirmation', ['MK-2611-000123', '1,234.50'], link, 'hi')).toBe('MediKart: ऑर्डर MK-2611-000123 मिला। कुल ₹1,234.50। देखें: https://medikart.in/s/o/MK-2611-000123/abc');
    const medicine = 'Metformin Hydrochloride 500 mg Sustained Release Tablet';
    expect(fittedValues('refill_due', [medicine, '21 नव॰'], 'hi')).toEqual(['Metformin Hydroch...', '21 नव॰']);
    expect(fittedValues('refill_due', [medicine, '21 नव॰'])).toEqual(['Metformin Hydrochloride 500...', '21 नव॰']);
  });

  it("keeps Meta's and the operators' rules in every language: no two variables side by side, no WhatsApp body that starts or ends with one", () => {
    for (const language of ['en', 'hi']) {
      for (const kind of messageKinds) {
        const words = messageWords(kind, language);
        expect(words.sms, `${kind} (${language})`).not.toMatch(/\{#var#\}\s*\{#var#\}/);
        expect(words.whatsapp, `${kind} (${language})`).not.toMatch(/\}\}\s*\{\{|^\s*\{\{|\}\}\s*$/);
      }
    }
  });

  it('has the sign-in code in Hindi as its own template, in one UCS-2 part with a 10-digit code', () => {
    const hindi = signInCodeTemplate('hi');
    expect(hindi.name).toBe('medikart_sign_in_code_hi');
    expect(smsSegments(hindi.sms.replace('{#var#}', '1234567890'))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(signInCodeTemplate('kn')).toEqual(signInCodeTemplate());
    expect(signInCodeTemplate().name).toBe('medikart_sign_in_code_en');
  });

  it('falls back to English for a language the messages are not written in', () => {
    expect(messageWords('order_shipped', 'kn')).toMatchObject({ language: 'en', sms: messageTable.order_shipped.sms });
    expect(renderSms('order_delivered', ['MK-2611-000123'], 'https://m.in/s', 'kn')).toBe(renderSms('order_delivered', ['MK-2611-000123'], 'https://m.in/s'));
  });
});
