// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { dailySales } from '../../domain/daily-sales';
import SalesChart from './SalesChart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the daily sales chart', () => {
  it('draws one bar per day, as tall as its revenue against the highest, named in its title', async () => {
    const report = dailySales({
      from: '2026-11-01',
      to: '2026-11-03',
      orders: [
        { id: 'a', provider: 'razorpay', status: 'delivered', payment_status: 'paid', amount_paise: 40_000, created_at: '2026-11-01T04:00:00Z' },
        { id: 'b', provider: 'cod', status: 'confirmed', payment_status: 'pending', amount_paise: 20_000, created_at: '2026-11-03T04:00:00Z' },
      ],
      refunds: [],
      methodOfOrder: new Map(),
    });
    const box = document.createElement('div');
    const root = createRoot(box);
    await act(async () => root.render(<SalesChart days={report.days} />));
    const bars = [...box.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.closest('g')?.getAttribute('data-day'))).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBe(0);
    expect(heights[2]! * 2).toBeCloseTo(heights[0]!);
    expect(bars[0]!.querySelector('title')?.textContent).toBe('2026-11-01: ₹400.00, 1 order, 0 cancelled');
    expect(box.querySelector('svg')?.getAttribute('role')).toBe('img');
    await act(async () => root.unmount());
  });
});
