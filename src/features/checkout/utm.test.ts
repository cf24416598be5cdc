import { describe, expect, it } from 'vitest';
import { attributionColumns } from '../../domain/order-attribution';
import { attributionAt, readStoredTouches, rememberTouch, touchFromUrl } from './utm';

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
});
