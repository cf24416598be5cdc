import { describe, expect, it } from 'vitest';
import { currentPriceAboveMrp, discountLabel, sellingPricePaise } from './selling-price';

describe('selling price', () => {
  it('is the current price when it is below MRP', () => {
    expect(sellingPricePaise({ mrp_paise: 3450, current_price_paise: 3105 })).toBe(3105);
    expect(discountLabel({ mrp_paise: 3450, current_price_paise: 3105 })).toBe('10% off');
  });

  it('is never above MRP: a current price above MRP is ignored and flagged', () => {
    expect(sellingPricePaise({ mrp_paise: 4800, current_price_paise: 5280 })).toBe(4800);
    expect(discountLabel({ mrp_paise: 4800, current_price_paise: 5280 })).toBeNull();
    expect(currentPriceAboveMrp({ mrp_paise: 4800, current_price_paise: 5280 })).toBe(true);
    expect(currentPriceAboveMrp({ mrp_paise: 4800, current_price_paise: 4800 })).toBe(false);
  });

  it('is MRP for a cart line stored before selling prices existed, or a zero current price', () => {
    expect(sellingPricePaise({ mrp_paise: 2100 })).toBe(2100);
    expect(sellingPricePaise({ mrp_paise: 2100, current_price_paise: 0 })).toBe(2100);
  });

  it('rounds the percentage down, never promising more than the saving', () => {
    expect(discountLabel({ mrp_paise: 10000, current_price_paise: 9050 })).toBe('9% off');
    expect(discountLabel({ mrp_paise: 10000, current_price_paise: 9950 })).toBeNull();
  });
});
