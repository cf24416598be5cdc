import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attributionColumns, utmTouchSchema } from '../../domain/order-attribution';
import { attributionAt, readStoredTouches, rememberLanding, rememberTouch, touchFromUrl, UTM_STORAGE_KEY } from './utm';

const DAY = 24 * 60 * 60 * 1000;
const landing = (query: string) => touchFromUrl(new URL(`https://medikart.example/offers/monsoon?${query}`));

describe('UTM parameters on a landing address', () => {
  it('are read from any landing address, and an address without a source or campaign is no touch', () => {
    expect(landing('utm_source=whatsapp&utm_medium=social&utm_campaign=monsoon&ref=x')).toEqual({ source: 'whatsapp', medium: 'social', campaign: 'monsoon' });
    expect(landing('utm_medium=social')).toBeNull();
    expect(landing('q=cetirizine')).toBeNull();
    expect(landing(`utm_source=${'x'.repeat(300)}`)?.source).toHaveLength(100);
  });

  it('keep the first touch for 30 days and always the last one', () => {
    const instagram = rememberTouch(null, landing('utm_source=instagram&utm_campaign=monsoon')!, 0);
    const whatsapp = rememberTouch(instagram, landing('utm_source=whatsapp&utm_campaign=monsoon')!, 10 * DAY);
    expect(attributionAt(whatsapp, 12 * DAY)).toEqual({ first: { source: 'instagram', campaign: 'monsoon' }, last: { source: 'whatsapp', campaign: 'monsoon' } });
    // 31 days after the first touch a new landing becomes the first touch too.
    const google = rememberTouch(whatsapp, landing('utm_source=google&utm_campaign=diabetes-week')!, 31 * DAY);
    expect(attributionAt(google, 31 * DAY)?.first).toEqual({ source: 'google', campaign: 'diabetes-week' });
  });

  it('are forgotten 30 days after the last touch', () => {
    const touches = rememberTouch(null, landing('utm_source=instagram&utm_campaign=monsoon')!, 0);
    expect(attributionAt(touches, 30 * DAY)).not.toBeNull();
    expect(attributionAt(touches, 30 * DAY + 1)).toBeNull();
    expect(attributionColumns(attributionAt(touches, 31 * DAY))).toEqual({
      utm_first_source: null, utm_first_medium: null, utm_first_campaign: null, utm_last_source: null, utm_last_medium: null, utm_last_campaign: null,
    });
  });

  it('read back from storage, anything unreadable counting as none', () => {
    const touches = rememberTouch(null, landing('utm_source=instagram')!, 5);
    expect(readStoredTouches(JSON.stringify(touches))).toEqual(touches);
    expect(readStoredTouches('{not json')).toBeNull();
    expect(readStoredTouches(JSON.stringify({ first: { source: 'x' } }))).toBeNull();
  });

  it('read by hand as the domain’s schema reads them (the landing script runs before zod loads)', () => {
    const storedTouch = utmTouchSchema.extend({ at: z.number().int().nonnegative() });
    const schema = z.object({ first: storedTouch, last: storedTouch });
    const viaSchema = (text: string) => {
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    };
    const touch = (fields: Record<string, unknown>) => JSON.stringify({ first: { source: 'instagram', at: 1 }, last: { source: 'whatsapp', at: 2, ...fields } });
    const samples = [
      '', 'null', '7', '"utm"', '[]', '{}', '{"first":{"at":1}}', '{"first":{"at":1},"last":{"at":2}}', '{"first":null,"last":{"at":2}}',
      touch({}), touch({ medium: 'social', campaign: 'monsoon', ref: 'dropped' }), touch({ source: '  padded  ' }), touch({ source: '' }),
      touch({ source: '   ' }), touch({ source: 'x'.repeat(100) }), touch({ source: ` ${'x'.repeat(100)} ` }), touch({ source: 'x'.repeat(101) }),
      touch({ source: 7 }), touch({ source: null }), touch({ campaign: ['a'] }), touch({ at: -1 }), touch({ at: 1.5 }), touch({ at: '2' }),
      touch({ at: 2 ** 53 }), touch({ at: 2 ** 53 - 1 }), touch({ at: null }), touch({ at: undefined }),
    ];
    for (const text of samples) expect(readStoredTouches(text), text).toEqual(viaSchema(text));
    expect(readStoredTouches(null)).toBeNull();
  });
});

describe('the landing address’s campaign, kept by every page’s first inline script', () => {
  const storage = (text: string | null = null) => {
    const kept = new Map(text === null ? [] : [[UTM_STORAGE_KEY, text]]);
    return { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value), kept };
  };

  it('is stored as the checkout reads it, and a later landing keeps the first touch', () => {
    const browser = storage();
    rememberLanding('https://medikart.example/products?utm_source=instagram&utm_campaign=monsoon', browser, 5);
    rememberLanding('https://medikart.example/?utm_source=whatsapp&utm_medium=message', browser, 9);
    const stored = readStoredTouches(browser.kept.get(UTM_STORAGE_KEY)!);
    expect(stored).toEqual({ first: { source: 'instagram', campaign: 'monsoon', at: 5 }, last: { source: 'whatsapp', medium: 'message', at: 9 } });
    expect(attributionAt(stored, 10)).toEqual({ first: { source: 'instagram', campaign: 'monsoon' }, last: { source: 'whatsapp', medium: 'message' } });
  });

  it('leaves storage alone on an address without a campaign, and starts again over anything unreadable', () => {
    const untouched = storage('{"kept":true}');
    rememberLanding('https://medikart.example/contact-us?utm_medium=email', untouched, 5);
    expect(untouched.kept.get(UTM_STORAGE_KEY)).toBe('{"kept":true}');
    const unreadable = storage('{not json');
    rememberLanding('https://medikart.example/?utm_campaign=fever', unreadable, 5);
    expect(JSON.parse(unreadable.kept.get(UTM_STORAGE_KEY)!)).toEqual({ first: { campaign: 'fever', at: 5 }, last: { campaign: 'fever', at: 5 } });
  });
});
