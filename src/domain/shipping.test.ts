import { describe, expect, it } from 'vitest';
import { canMoveShipment, chooseCourier, courierPromisedDate, shipmentStatuses, trackingUrl, type CourierQuote } from './shipping';

const surface: CourierQuote = { courierId: 10, name: 'Delhivery Surface', etaDays: 5, ratePaise: 6500, cod: true };
const xpress: CourierQuote = { courierId: 51, name: 'Xpressbees', etaDays: 4, ratePaise: 7500, cod: true };
const air: CourierQuote = { courierId: 33, name: 'Blue Dart Air', etaDays: 2, ratePaise: 13000, cod: false };
const couriers = [xpress, air, surface];

describe("the owner's courier rule", () => {
  it('cheapest picks the lowest rate, fastest the fewest days, preferred the named courier', () => {
    expect(chooseCourier(couriers, { rule: 'cheapest' })).toBe(surface);
    expect(chooseCourier(couriers, { rule: 'fastest' })).toBe(air);
    expect(chooseCourier(couriers, { rule: 'preferred', courier: 'xpressbees' })).toBe(xpress);
  });

  it('a preferred courier that does not serve the PIN code falls back to the cheapest; nobody serving is null', () => {
    expect(chooseCourier(couriers, { rule: 'preferred', courier: 'Ekart' })).toBe(surface);
    expect(chooseCourier([], { rule: 'cheapest' })).toBeNull();
  });

  it('for cash on delivery only couriers that collect cash count', () => {
    expect(chooseCourier(couriers, { rule: 'fastest' }, { cod: true })).toBe(xpress);
    expect(chooseCourier([air], { rule: 'cheapest' }, { cod: true })).toBeNull();
  });

  it('ties go to the faster (cheapest) or the cheaper (fastest)', () => {
    const sameRate = { ...xpress, ratePaise: surface.ratePaise };
    expect(chooseCourier([surface, sameRate], { rule: 'cheapest' })).toBe(sameRate);
    const sameDays = { ...xpress, etaDays: air.etaDays };
    expect(chooseCourier([air, sameDays], { rule: 'fastest' })).toBe(sameDays);
  });
});

describe('the promised date', () => {
  it('is packing time plus the courier estimate in business days, skipping Sundays and the shop holidays', () => {
    // Saturday 28 Nov 2026: pack Monday 30, then 2 days -> Wednesday 2 Dec.
    expect(courierPromisedDate('2026-11-28', 1, 2, [])).toBe('2026-12-02');
    // Christmas is a holiday: Thursday 24 Dec + 1 + 1 skips Friday 25 -> Saturday 26.
    expect(courierPromisedDate('2026-12-24', 1, 1, ['2026-12-25'])).toBe('2026-12-28');
  });
});

describe("a parcel's statuses", () => {
  it('move forward, allow a reattempt after a failed delivery, and never leave a final status', () => {
    expect(canMoveShipment('booked', 'picked_up')).toBe(true);
    expect(canMoveShipment('in_transit', 'out_for_delivery')).toBe(true);
    expect(canMoveShipment('out_for_delivery', 'delivery_failed')).toBe(true);
    expect(canMoveShipment('delivery_failed', 'out_for_delivery')).toBe(true);
    expect(canMoveShipment('delivery_failed', 'rto_in_transit')).toBe(true);
    expect(canMoveShipment('rto_in_transit', 'returned_to_origin')).toBe(true);
    expect(canMoveShipment('rto_in_transit', 'out_for_delivery')).toBe(false);
    expect(canMoveShipment('in_transit', 'picked_up')).toBe(false);
    expect(canMoveShipment('in_transit', 'booked')).toBe(false);
    for (const to of shipmentStatuses) {
      expect(canMoveShipment('delivered', to)).toBe(false);
      expect(canMoveShipment('returned_to_origin', to)).toBe(false);
    }
  });

  it("links to the courier's tracking page for an aggregator's AWB, and to nothing for the shop's riders", () => {
    expect(trackingUrl('shiprocket', '19041400000001')).toBe('https://shiprocket.co/tracking/19041400000001');
    expect(trackingUrl('own-zone', 'X1')).toBeNull();
  });
});
