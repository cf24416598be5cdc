import { describe, expect, it } from 'vitest';
import { askCourier, needsCourierCheck } from './courier-check';

const answering = (status: number, body: unknown) => {
  const asked: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    asked.push(String(input));
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { fetcher, asked };
};

describe("the cart's PIN-code check beyond the own zones", () => {
  it('asks the server only for a valid PIN code no own zone serves', () => {
    expect(needsCourierCheck('411001', { serviceable: false, message: "We don't deliver to 411001 yet" })).toBe(true);
    expect(needsCourierCheck('0110', { serviceable: false, message: 'Enter a valid 6-digit PIN code' })).toBe(false);
    expect(needsCourierCheck('560001', { serviceable: true, pinCode: '560001', zone: { provider: 'own-zone', id: 'b', name: 'B', codAllowed: true, courier: null }, promisedDate: '2026-11-30', codAllowed: true, message: 'Delivery by Monday, 30 November' })).toBe(false);
    expect(needsCourierCheck('411001', null)).toBe(false);
  });

  it("keeps the server's answer for the page: one call per PIN code", async () => {
    const answer = { serviceable: false, message: "We don't deliver to 744101 yet" };
    const { fetcher, asked } = answering(200, answer);
    expect(await askCourier('744101', fetcher)).toEqual(answer);
    expect(await askCourier(' 744101 ', fetcher)).toEqual(answer);
    expect(asked).toEqual(['/api/shipping/serviceability?pin=744101']);
  });

  it('shows the server’s "try again" sentence when the provider could not answer, and asks again next time', async () => {
    const { fetcher, asked } = answering(503, { error: 'We could not check delivery to 226001 just now. Please try again in a minute.' });
    expect(await askCourier('226001', fetcher)).toEqual({ serviceable: false, message: 'We could not check delivery to 226001 just now. Please try again in a minute.' });
    await askCourier('226001', fetcher);
    expect(asked).toHaveLength(2);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect((await askCourier('226002', offline)).message).toBe('We could not check delivery to 226002 just now. Please try again in a minute.');
  });
});
