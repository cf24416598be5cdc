import { describe, expect, it } from 'vitest';
import { fitVariable, messageKinds, messageTable, registeredSmsTemplates, registeredWhatsAppTemplates, renderSms, smsSegments, SITE_URL_BUDGET, fittedValues } from './messages';

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

  it('registers one SMS template per kind plus the sign-in code, and one WhatsApp template per kind with its button on the site', () => {
    const names = registeredSmsTemplates().map((template) => template.name);
    expect(new Set(names).size).toBe(messageKinds.length + 1);
    expect(names).toContain('medikart_sign_in_code_en');
    const whatsapp = registeredWhatsAppTemplates('https://medikart.in/anything');
    expect(whatsapp).toHaveLength(messageKinds.length);
    expect(whatsapp[0]!.buttonUrl).toBe('https://medikart.in/{{1}}');
  });
});
