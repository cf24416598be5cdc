import { formatRupees } from '../../domain/money';
import type { DailySales } from '../../domain/daily-sales';

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 8;
const BOTTOM = 24;

/** Revenue per day as bars, with the day's orders in each bar's title; inline SVG, no chart library. */
export default function SalesChart({ days }: { days: DailySales['days'] }) {
  const highest = Math.max(1, ...days.map((day) => day.revenuePaise));
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const labelEvery = Math.ceil(days.length / 10);
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="sales-chart-title" className="h-auto w-full">
        <title id="sales-chart-title">{`Revenue per day, highest ${formatRupees(highest)}`}</title>
        <line x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#9ca3af" />
        {days.map((day, index) => {
          const height = ((HEIGHT - BOTTOM - 8) * day.revenuePaise) / highest;
          const x = LEFT + index * slot + (slot - bar) / 2;
          return (
            <g key={day.day} data-day={day.day}>
              <rect x={x} y={HEIGHT - BOTTOM - height} width={bar} height={height} className="fill-brand-700">
                <title>{`${day.day}: ${formatRupees(day.revenuePaise)}, ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}, ${day.cancelled} cancelled`}</title>
              </rect>
              {index % labelEvery === 0 && (
                <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="#374151">
                  {day.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-gray-700">Revenue per day (orders not cancelled, before refunds).</figcaption>
    </figure>
  );
}
