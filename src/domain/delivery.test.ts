import { describe, expect, it } from 'vitest';
import { parseDeliveryContent } from './delivery-content';
import { checkPinCode, codEligibility, deliveryBySentence, pinCodeSchema, type PinCodeCheck } from './delivery';

const content = parseDeliveryContent(
  {
    codLimitPaise: 500000,
    nonDeliveryDates: ['2026-12-25'],
    zones: [
      { id: 'bengaluru-central', name: 'Bengaluru central', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001-560110'] },
      { id: 'bengaluru-outer', name: 'Bengaluru outskirts', deliveryBusinessDays: 3, codAllowed: false, pinCodes: ['560111-560117', '560300'] },
    ],
  },
  'test content',
);

/** An instant given as India's wall-clock time (IST is UTC+05:30 all year). */
const india = (wallClock: string) => new Date(`${wallClock}+05:30`);
const monday = india('2026-11-23T10:00:00');

function served(check: PinCodeCheck) {
  if (!check.serviceable) throw new Error(`expected a serviceable PIN code, got "${check.message}"`);
  return check;
}

describe('checkPinCode', () => {
  it('promises next-day delivery in the central zone with the sentence the cart shows', () => {
    const check = served(checkPinCode('560038', content, monday));
    expect(check).toMatchObject({ pinCode: '560038', promisedDate: '2026-11-24', codAllowed: true, message: 'Delivery by Tuesday, 24 November' });
    expect(check.zone.id).toBe('bengaluru-central');
  });

  it("includes both ends of a range and the single codes, and nothing just outside", () => {
    expect(served(checkPinCode('560001', content, monday)).zone.id).toBe('bengaluru-central');
    expect(served(checkPinCode('560110', content, monday)).zone.id).toBe('bengaluru-central');
    expect(served(checkPinCode('560111', content, monday)).zone.id).toBe('bengaluru-outer');
    expect(served(checkPinCode('560117', content, monday)).zone.id).toBe('bengaluru-outer');
    expect(served(checkPinCode('560300', content, monday)).zone.id).toBe('bengaluru-outer');
    expect(checkPinCode('560118', content, monday)).toEqual({ serviceable: false, message: "We don't deliver to 560118 yet" });
    expect(checkPinCode('560299', content, monday)).toEqual({ serviceable: false, message: "We don't deliver to 560299 yet" });
  });

  it("says where it doesn't deliver yet", () => {
    expect(checkPinCode('110001', content, monday)).toEqual({ serviceable: false, message: "We don't deliver to 110001 yet" });
  });

  it('asks for a valid PIN code when the format is wrong, and accepts surrounding spaces', () => {
    for (const pin of ['', '56003', '5600380', '056003', '000000', '56003a', '560 038', '५६००३८']) {
      expect(checkPinCode(pin, content, monday)).toEqual({ serviceable: false, message: 'Enter a valid 6-digit PIN code' });
    }
    expect(served(checkPinCode(' 560038 ', content, monday)).pinCode).toBe('560038');
  });

  it('counts business days in India time and skips Sundays', () => {
    // Friday 23:30 in India is already past 18:00 UTC; the order day is still Friday.
    expect(served(checkPinCode('560038', content, india('2026-11-27T23:30:00'))).message).toBe('Delivery by Saturday, 28 November');
    expect(served(checkPinCode('560038', content, india('2026-11-28T23:30:00'))).message).toBe('Delivery by Monday, 30 November');
    expect(served(checkPinCode('560038', content, india('2026-11-29T23:30:00'))).message).toBe('Delivery by Monday, 30 November');
    // 00:30 on Sunday in India is still Saturday in UTC: the Indian date decides.
    expect(served(checkPinCode('560038', content, india('2026-11-29T00:30:00'))).promisedDate).toBe('2026-11-30');
    // Three business days from a Friday: Saturday, Monday, Tuesday.
    expect(served(checkPinCode('560115', content, india('2026-11-27T09:00:00'))).message).toBe('Delivery by Tuesday, 1 December');
  });

  it("skips the content's non-delivery dates", () => {
    expect(served(checkPinCode('560038', content, india('2026-12-24T12:00:00'))).message).toBe('Delivery by Saturday, 26 December');
  });
});

describe('deliveryBySentence', () => {
  it('reads the same wherever the code runs', () => {
    expect(deliveryBySentence('2027-01-01')).toBe('Delivery by Friday, 1 January');
  });
});

describe('pinCodeSchema', () => {
  it('takes 6 digits not starting with 0', () => {
    expect(pinCodeSchema.safeParse('560001').success).toBe(true);
    expect(pinCodeSchema.safeParse('100000').success).toBe(true);
    expect(pinCodeSchema.safeParse('060001').success).toBe(false);
    expect(pinCodeSchema.safeParse(560001).success).toBe(false);
  });
});

describe('codEligibility', () => {
  const central = content.zones[0]!;
  const outer = content.zones[1]!;
  const paracetamol = { name: 'Paracetamol 500mg Strip', codAvailable: true };
  const insulin = { name: 'Insulin Glargine Pen', codAvailable: false };

  it('allows cash on delivery up to and including the limit', () => {
    expect(codEligibility([paracetamol], central, 500000, content.codLimitPaise)).toEqual({ allowed: true });
  });

  it('names the line that cannot be paid on delivery', () => {
    expect(codEligibility([paracetamol, insulin], central, 10000, content.codLimitPaise)).toEqual({
      allowed: false,
      reason: 'Cash on delivery is not available for Insulin Glargine Pen',
    });
  });

  it('refuses a zone without cash on delivery', () => {
    expect(codEligibility([paracetamol], outer, 10000, content.codLimitPaise)).toEqual({
      allowed: false,
      reason: 'Cash on delivery is not available at this PIN code',
    });
  });

  it('refuses a total above the limit, stating the limit in rupees', () => {
    expect(codEligibility([paracetamol], central, 500001, content.codLimitPaise)).toEqual({
      allowed: false,
      reason: 'Cash on delivery is available for orders up to ₹5,000',
    });
    expect(codEligibility([paracetamol], central, 500000, 499950)).toEqual({
      allowed: false,
      reason: 'Cash on delivery is available for orders up to ₹4,999.50',
    });
  });
});
