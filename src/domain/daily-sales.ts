/**
 * The owner's daily report: per day (India's calendar) and per payment method, the orders placed,
 * their revenue and average, the cash-on-delivery share, cancellations and refunds.
 *
 * An order counts on the day it was placed once it was placed for real: paid online (whatever
 * happened to the payment later) or cash on delivery. Revenue is what the orders placed that day
 * and neither cancelled nor returned undelivered (never sold: its invoice is credited) were placed
 * for, before refunds; the average is that revenue over those orders. Cancellations are the day's placed orders cancelled since. Refunds are the refunds
 * started that day (not failed), by the payment method of their order.
 */
import { z } from 'zod';
import { indiaDay } from './gst-returns';

export const reportMethods = ['razorpay', 'phonepe', 'cod'] as const;
export type ReportMethod = (typeof reportMethods)[number];
export const reportMethodLabels: Readonly<Record<ReportMethod, string>> = { razorpay: 'Razorpay', phonepe: 'PhonePe', cod: 'Cash on delivery' };

/** The columns the report reads of an order (public.orders). */
export const reportOrderSchema = z.object({
  id: z.string(),
  provider: z.enum(reportMethods),
  status: z.string(),
  payment_status: z.string(),
  amount_paise: z.number().int(),
  created_at: z.string(),
});
export type ReportOrder = z.infer<typeof reportOrderSchema>;

/** The columns the report reads of a refund, with its order's method. */
export const reportRefundSchema = z.object({
  order_id: z.string(),
  amount_paise: z.number().int(),
  state: z.string(),
  created_at: z.string(),
});
export type ReportRefund = z.infer<typeof reportRefundSchema>;

export interface SalesFigures {
  orders: number;
  revenuePaise: number;
  averageOrderPaise: number;
  codOrders: number;
  /** Cash-on-delivery orders over all orders placed, in whole percent (0 with no orders). */
  codSharePercent: number;
  cancelled: number;
  refunds: number;
  refundedPaise: number;
}

export interface DailySales {
  from: string;
  to: string;
  days: ({ day: string } & SalesFigures)[];
  methods: ({ method: ReportMethod } & SalesFigures)[];
  total: SalesFigures;
}

/** Whether an order was placed for real: paid online (at any time since) or cash on delivery. */
export function wasPlaced(order: Pick<ReportOrder, 'provider' | 'payment_status'>): boolean {
  return order.provider === 'cod' || !['pending', 'failed'].includes(order.payment_status);
}

interface Tally {
  orders: number;
  kept: number;
  revenuePaise: number;
  codOrders: number;
  cancelled: number;
  refunds: number;
  refundedPaise: number;
}

const emptyTally = (): Tally => ({ orders: 0, kept: 0, revenuePaise: 0, codOrders: 0, cancelled: 0, refunds: 0, refundedPaise: 0 });

function figures(tally: Tally): SalesFigures {
  return {
    orders: tally.orders,
    revenuePaise: tally.revenuePaise,
    averageOrderPaise: tally.kept === 0 ? 0 : Math.round(tally.revenuePaise / tally.kept),
    codOrders: tally.codOrders,
    codSharePercent: tally.orders === 0 ? 0 : Math.round((tally.codOrders * 100) / tally.orders),
    cancelled: tally.cancelled,
    refunds: tally.refunds,
    refundedPaise: tally.refundedPaise,
  };
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/** At most this many days in one report. */
export const MAX_REPORT_DAYS = 366;

/**
 * The report for `from` to `to` (India's days, both included) from the orders created and the
 * refunds started in that range; `methodOfOrder` names the method of a refund's order (which may
 * have been placed before the range).
 */
export function dailySales(input: { from: string; to: string; orders: readonly ReportOrder[]; refunds: readonly ReportRefund[]; methodOfOrder: ReadonlyMap<string, ReportMethod> }): DailySales {
  const days = new Map(daysBetween(input.from, input.to).map((day) => [day, emptyTally()]));
  const methods = new Map(reportMethods.map((method) => [method, emptyTally()]));
  const total = emptyTally();
  for (const order of input.orders) {
    const day = days.get(indiaDay(order.created_at));
    if (!day || !wasPlaced(order)) continue;
    for (const tally of [day, methods.get(order.provider)!, total]) {
      tally.orders += 1;
      if (order.provider === 'cod') tally.codOrders += 1;
      if (order.status === 'cancelled') tally.cancelled += 1;
      else if (order.status !== 'returned') {
        tally.kept += 1;
        tally.revenuePaise += order.amount_paise;
      }
    }
  }
  for (const refund of input.refunds) {
    const day = days.get(indiaDay(refund.created_at));
    const method = input.methodOfOrder.get(refund.order_id);
    if (!day || !method || refund.state === 'failed') continue;
    for (const tally of [day, methods.get(method)!, total]) {
      tally.refunds += 1;
      tally.refundedPaise += refund.amount_paise;
    }
  }
  return {
    from: input.from,
    to: input.to,
    days: [...days].map(([day, tally]) => ({ day, ...figures(tally) })),
    methods: [...methods].map(([method, tally]) => ({ method, ...figures(tally) })),
    total: figures(total),
  };
}

/** The answer /api/desk/reports gives for a daily report, as the page reads it. */
const figuresSchema = z.object({
  orders: z.number().int(),
  revenuePaise: z.number().int(),
  averageOrderPaise: z.number().int(),
  codOrders: z.number().int(),
  codSharePercent: z.number().int(),
  cancelled: z.number().int(),
  refunds: z.number().int(),
  refundedPaise: z.number().int(),
});
export const dailySalesSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(figuresSchema.extend({ day: z.string() })),
  methods: z.array(figuresSchema.extend({ method: z.enum(reportMethods) })),
  total: figuresSchema,
}) satisfies z.ZodType<DailySales>;
