import { describe, expect, it } from 'vitest';
import { couponInputSchema } from '../../domain/coupon-input';
import { couponOfDraft, couponOfferText, draftOf, emptyDraft, indiaDateTime } from './coupon-form';

describe('the /desk/coupons form', () => {
  const now = new Date('2026-11-28T04:30:00Z');

  it('turns rupees and India times into paise and instants the desk function takes', () => {
    const built = couponOfDraft({ ...emptyDraft(now), code: 'monsoon15', percentOff: '15', capRupees: '150', minOrderRupees: '499', startsAt: '2026-12-01T00:00', endsAt: '2026-12-31T23:59', totalUses: '500' });
    expect(built.ok).toBe(true);
    const coupon = couponInputSchema.parse((built as { coupon: unknown }).coupon);
    expect(coupon).toMatchObject({ code: 'MONSOON15', percent_off: 15, cap_paise: 15000, flat_paise: null, min_order_paise: 49900, starts_at: '2026-11-30T18:30:00.000Z', ends_at: '2026-12-31T18:29:00.000Z', total_uses: 500, uses_per_customer: 1 });
  });

  it('says what is wrong in words', () => {
    expect(couponOfDraft({ ...emptyDraft(now), startsAt: '' })).toEqual({ ok: false, message: 'Enter when the code starts and ends (India time).' });
    expect(couponOfDraft({ ...emptyDraft(now), minOrderRupees: 'lots' })).toEqual({ ok: false, message: 'Enter the minimum order in rupees, like 499.' });
    expect(couponInputSchema.safeParse({ ...(couponOfDraft({ ...emptyDraft(now), code: 'x' }) as { coupon: object }).coupon }).error?.issues[0]?.message).toBe(
      'A code is 3 to 24 letters, digits, - or _, starting with a letter or digit.',
    );
  });

  it('shows a saved coupon back as it was entered, in India time', () => {
    const coupon = couponInputSchema.parse({ code: 'FLAT50', kind: 'flat', flat_paise: 5000, starts_at: '2026-11-30T18:30:00.000Z', ends_at: '2026-12-31T18:29:00.000Z' });
    const draft = draftOf({ ...coupon, description: '' });
    expect(draft).toMatchObject({ code: 'FLAT50', kind: 'flat', flatRupees: '50', startsAt: '2026-12-01T00:00', endsAt: '2026-12-31T23:59' });
    expect(couponOfferText(coupon)).toBe('₹50 off');
    expect(couponOfferText({ kind: 'percent', percent_off: 10, cap_paise: 10000, flat_paise: null })).toBe('10% off, up to ₹100');
    expect(indiaDateTime('2026-11-30T18:30:00.000Z')).toBe('1 Dec 2026, 00:00 IST');
  });
});
