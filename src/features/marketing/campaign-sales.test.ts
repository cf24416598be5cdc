import { describe, expect, it } from 'vitest';
import { campaignSalesRowSchema, checkRange, presetRange, RANGE_DATE_MESSAGE, RANGE_ORDER_MESSAGE, salesTotals } from './campaign-sales';

describe('campaign sales', () => {
  it('reads the bigints PostgREST may send as strings', () => {
    expect(campaignSalesRowSchema.parse({ campaign: 'monsoon', source: 'whatsapp', orders: '2', revenue_paise: '60000', average_order_paise: 30000, discount_paise: '1500' })).toEqual({
      campaign: 'monsoon',
      source: 'whatsapp',
      orders: 2,
      revenue_paise: 60000,
      average_order_paise: 30000,
      discount_paise: 1500,
    });
    // A database from before coupons answers without the discount column.
    expect(campaignSalesRowSchema.parse({ campaign: 'monsoon', source: 'whatsapp', orders: 1, revenue_paise: 100, average_order_paise: 100 }).discount_paise).toBe(0);
  });

  it('refuses a range that ends before it starts, or a missing date, with a sentence', () => {
    expect(checkRange('2026-11-26', '2026-11-26')).toEqual({ ok: true });
    expect(checkRange('2026-11-27', '2026-11-26')).toEqual({ ok: false, message: RANGE_ORDER_MESSAGE });
    expect(checkRange('', '2026-11-26')).toEqual({ ok: false, message: RANGE_DATE_MESSAGE });
    expect(checkRange('2026-02-30', '2026-03-01')).toEqual({ ok: false, message: RANGE_DATE_MESSAGE });
  });

  it('counts preset ranges in India’s days, whatever the browser’s zone', () => {
    // 26 Nov 2026 20:00 UTC is already 27 Nov in India.
    const now = new Date('2026-11-26T20:00:00Z');
    expect(presetRange(1, now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetRange(7, now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange(30, now)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });

  it('averages the whole range over its orders, not the rows’ averages', () => {
    const rows = [
      { campaign: 'monsoon', source: 'whatsapp', orders: 3, revenue_paise: 90_000, average_order_paise: 30_000 },
      { campaign: '(none)', source: '(none)', orders: 1, revenue_paise: 10_000, average_order_paise: 10_000 },
    ];
    expect(salesTotals(rows)).toEqual({ orders: 4, revenuePaise: 100_000, averageOrderPaise: 25_000 });
    expect(salesTotals([])).toEqual({ orders: 0, revenuePaise: 0, averageOrderPaise: 0 });
  });
});
