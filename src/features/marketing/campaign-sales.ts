import { z } from 'zod';
import { indiaDate } from '../../domain/delivery';

/** Which of an order's two remembered campaigns it counts under (public.campaign_sales' p_touch). */
export const touches = ['last', 'first'] as const;
export type Touch = (typeof touches)[number];
export const touchLabels: Readonly<Record<Touch, string>> = { last: 'Last touch', first: 'First touch' };

/** One row of public.campaign_sales: bigints arrive from PostgREST as numbers (or strings past 2^53). */
export const campaignSalesRowSchema = z.object({
  campaign: z.string(),
  source: z.string(),
  orders: z.coerce.number().int().nonnegative(),
  revenue_paise: z.coerce.number().int().nonnegative(),
  average_order_paise: z.coerce.number().int().nonnegative(),
  /** The coupon discounts these orders were given (issue 41). */
  discount_paise: z.coerce.number().int().nonnegative().default(0),
});
export type CampaignSalesRow = z.output<typeof campaignSalesRowSchema>;

const isoDate = z.iso.date();

export const RANGE_ORDER_MESSAGE = 'The start date must be on or before the end date.';
export const RANGE_DATE_MESSAGE = 'Enter both dates as dates (e.g. 2026-11-26).';

/** A date range as the form holds it, checked before it goes to the database (which refuses the same). */
export function checkRange(from: string, to: string): { ok: true } | { ok: false; message: string } {
  if (!isoDate.safeParse(from).success || !isoDate.safeParse(to).success) return { ok: false, message: RANGE_DATE_MESSAGE };
  if (to < from) return { ok: false, message: RANGE_ORDER_MESSAGE };
  return { ok: true };
}

/** The ranges a marketing team asks for most, ending today in India (the days campaign_sales counts in). */
export function presetRange(days: 1 | 7 | 30, now: Date): { from: string; to: string } {
  const start = new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000);
  return { from: indiaDate(start), to: indiaDate(now) };
}

/** All campaigns together: the average is the whole range's revenue over its orders, not an average of averages. */
export function salesTotals(rows: readonly Pick<CampaignSalesRow, 'orders' | 'revenue_paise'>[]): { orders: number; revenuePaise: number; averageOrderPaise: number } {
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  const revenuePaise = rows.reduce((sum, row) => sum + row.revenue_paise, 0);
  return { orders, revenuePaise, averageOrderPaise: orders === 0 ? 0 : Math.round(revenuePaise / orders) };
}

/** One row of public.coupon_sales: orders, revenue (after the discount) and the discount given, per code. */
export const couponSalesRowSchema = z.object({
  coupon: z.string(),
  orders: z.coerce.number().int().nonnegative(),
  revenue_paise: z.coerce.number().int().nonnegative(),
  discount_paise: z.coerce.number().int().nonnegative(),
});
export type CouponSalesRow = z.output<typeof couponSalesRowSchema>;
