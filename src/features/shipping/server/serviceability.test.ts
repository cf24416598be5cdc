import { describe, expect, it } from 'vitest';
import { parseDeliveryContent } from '../../../domain/delivery-content';
import type { CourierQuote } from '../../../domain/shipping';
import { CourierError, type CourierAdapter } from './courier';
import { DeliveryCheck, MemoryServiceabilityCache, ServiceabilityUnavailable } from './serviceability';

const raw = {
  codLimitPaise: 500000,
  nonDeliveryDates: ['2026-12-25'],
  zones: [{ id: 'bengaluru-central', name: 'Bengaluru central', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001-560110'] }],
  courier: { packingBusinessDays: 1, rule: 'cheapest', parcelGrams: 500 },
};
const content = parseDeliveryContent(raw, 'test');
const surface: CourierQuote = { courierId: 10, name: 'Delhivery Surface', etaDays: 3, ratePaise: 6500, cod: true };
const air: CourierQuote = { courierId: 33, name: 'Blue Dart Air', etaDays: 1, ratePaise: 13000, cod: false };
// Saturday 28 November 2026, 10:00 in India.
const saturday = new Date('2026-11-28T04:30:00Z');

function courier(answer: (pinCode: string) => CourierQuote[] | Error) {
  const asked: string[] = [];
  const adapter = {
    provider: 'shiprocket',
    async serviceability({ pinCode }: { pinCode: string }) {
      asked.push(pinCode);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const result = answer(pinCode);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as CourierAdapter;
  return { adapter, asked };
}

describe('the PIN-code check with a courier provider', () => {
  it("answers the pharmacy's own zone first, without asking the courier", async () => {
    const { adapter, asked } = courier(() => [surface]);
    const check = await new DeliveryCheck(content, adapter, [new MemoryServiceabilityCache()]).check('560001', saturday);
    expect(check).toMatchObject({ serviceable: true, zone: { provider: 'own-zone', id: 'bengaluru-central' }, promisedDate: '2026-11-30' });
    expect(asked).toEqual([]);
  });

  it("promises packing time plus the rule's courier estimate, and offers COD when a cash-collecting courier serves the PIN code", async () => {
    const { adapter } = courier(() => [air, surface]);
    const check = await new DeliveryCheck(content, adapter, [new MemoryServiceabilityCache()]).check('411001', saturday);
    // Pack Monday 30 Nov, then 3 days with the cheapest courier: Thursday 3 December.
    expect(check).toEqual({
      serviceable: true,
      pinCode: '411001',
      zone: { provider: 'shiprocket', id: 'shiprocket', name: 'Courier', codAllowed: true, courier: surface },
      promisedDate: '2026-12-03',
      codAllowed: true,
      message: 'Delivery by Thursday, 3 December',
    });
    const fastest = parseDeliveryContent({ ...raw, courier: { packingBusinessDays: 1, rule: 'fastest', parcelGrams: 500 } }, 'test');
    expect(await new DeliveryCheck(fastest, courier(() => [air, surface]).adapter, []).check('411001', saturday)).toMatchObject({ promisedDate: '2026-12-01' });
    expect(await new DeliveryCheck(content, courier(() => [air]).adapter, []).check('411001', saturday)).toMatchObject({ serviceable: true, codAllowed: false });
  });

  it("a PIN code nobody serves gets today's sentence", async () => {
    const check = await new DeliveryCheck(content, courier(() => []).adapter, []).check('744101', saturday);
    expect(check).toEqual({ serviceable: false, message: "We don't deliver to 744101 yet" });
  });

  it('asks the courier once per PIN code and India day, however many checks arrive at once', async () => {
    const { adapter, asked } = courier(() => [surface]);
    const check = new DeliveryCheck(content, adapter, [new MemoryServiceabilityCache()]);
    await Promise.all(Array.from({ length: 50 }, () => check.check('411001', saturday)));
    await check.check('411001', new Date('2026-11-28T18:00:00Z'));
    expect(asked).toEqual(['411001']);
    // 18:30 UTC is midnight in India: a new day asks again.
    await check.check('411001', new Date('2026-11-28T18:30:00Z'));
    expect(asked).toEqual(['411001', '411001']);
  });

  it('a shared cache answers a new instance; a courier that cannot answer is "try again", and nothing is cached', async () => {
    const shared = new MemoryServiceabilityCache();
    await new DeliveryCheck(content, courier(() => [surface]).adapter, [shared]).check('411001', saturday);
    const cold = courier(() => [surface]);
    await new DeliveryCheck(content, cold.adapter, [new MemoryServiceabilityCache(), shared]).check('411001', saturday);
    expect(cold.asked).toEqual([]);

    const down = courier(() => new CourierError('Shiprocket could not take the serviceability check just now (HTTP 503)', true));
    const failing = new DeliveryCheck(content, down.adapter, [shared]);
    const error = await failing.check('226001', saturday).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceabilityUnavailable);
    expect((error as Error).message).toBe('We could not check delivery to 226001 just now. Please try again in a minute.');
    expect(await shared.get('226001', '2026-11-28')).toBeUndefined();
  });

  it('without a courier provider, only the own zones are served', async () => {
    expect(await new DeliveryCheck(content, null, []).check('411001', saturday)).toEqual({ serviceable: false, message: "We don't deliver to 411001 yet" });
  });
});
