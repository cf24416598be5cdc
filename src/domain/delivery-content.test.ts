import { describe, expect, it } from 'vitest';
import { parseDeliveryContent } from './delivery-content';

const zone = { id: 'bengaluru-central', name: 'Bengaluru central', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001-560110'] };
const valid = { codLimitPaise: 500000, zones: [zone] };

const problem = (raw: unknown) => {
  try {
    parseDeliveryContent(raw, 'content/delivery/delivery.json');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the content to be refused');
};

describe('delivery content', () => {
  it('reads a PIN-code range and a single code, and no non-delivery dates when none are listed', () => {
    const content = parseDeliveryContent({ ...valid, zones: [{ ...zone, pinCodes: ['560001-560110', '560300'] }] }, 'x');
    expect(content.zones[0]!.pinCodes).toEqual([
      { first: 560001, last: 560110, text: '560001-560110' },
      { first: 560300, last: 560300, text: '560300' },
    ]);
    expect(content.nonDeliveryDates).toEqual([]);
  });

  it('names the file and the field of every mistake', () => {
    const message = problem({ ...valid, zones: [{ ...zone, pinCodes: ['56001-560110'], codAllowed: 'yes' }] });
    expect(message).toContain('Delivery content content/delivery/delivery.json is invalid');
    expect(message).toContain('zones.0.pinCodes.0: expected a PIN code like "560001" or a range like "560001-560110"');
    expect(message).toContain('zones.0.codAllowed: expected true or false');
  });

  it('refuses a reversed range, a misspelt field, rupees for paise and a bad date', () => {
    expect(problem({ ...valid, zones: [{ ...zone, pinCodes: ['560110-560001'] }] })).toContain('zones.0.pinCodes.0: a range must start with the lower PIN code');
    expect(problem({ ...valid, zones: [{ ...zone, codAlowed: true }] })).toContain('codAlowed');
    expect(problem({ ...valid, codLimitPaise: 5000.5 })).toContain('codLimitPaise: expected a whole number of paise');
    expect(problem({ ...valid, nonDeliveryDates: ['25-12-2026'] })).toContain('nonDeliveryDates.0: expected a date written YYYY-MM-DD');
  });

  it('refuses a PIN code in two zones and a zone id used twice', () => {
    const outer = { ...zone, id: 'bengaluru-outer', pinCodes: ['560100-560117'] };
    expect(problem({ ...valid, zones: [zone, outer] })).toContain(
      'zones.1.pinCodes.0: "560100-560117" overlaps "560001-560110" of zone bengaluru-central: a PIN code belongs to one zone only',
    );
    expect(problem({ ...valid, zones: [zone, { ...zone, pinCodes: ['560300'] }] })).toContain('zones.1.id: zone id "bengaluru-central" is used twice');
  });
});
