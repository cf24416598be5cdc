import { describe, expect, it } from 'vitest';
import { currentPriceAboveMrp, discountLabel, sellingPricePaise } from './selling-price';

describe('selling price', () => {
  it('is the current price when it is below MRP', () => {
    expect(sellingPricePaise({ mrp: 34.5, current_price: 31.05 })).toBe(3105);
    expect(discountLabel({ mrp: 34.5, current_price: 31.05 })).toBe('10% off');
  });

  it('is never above MRP: a current price above MRP is ignored and flagged', () => {
    expect(sellingPricePaise({ mrp: 48, current_price: 52.8 })).toBe(4800);
    expect(discountLabel({ mrp: 48, current_price: 52.8 })).toBeNull();
    expect(currentPriceAboveMrp({ mrp: 48, current_price: 52.8 })).toBe(true);
    expect(currentPriceAboveMrp({ mrp: 48, current_price: 48 })).toBe(false);
  });

  it('is MRP for a cart line stored before selling prices existed, or a zero current price', () => {
    expect(sellingPricePaise({ mrp: 21 })).toBe(2100);
    expect(sellingPricePaise({ mrp: 21, current_price: 0 })).toBe(2100);
  });

  it('rounds the percentage down, never promising more than the saving', () => {
    expect(discountLabel({ mrp: 100, current_price: 90.5 })).toBe('9% off');
    expect(discountLabel({ mrp: 100, current_price: 99.5 })).toBeNull();
  });
});
