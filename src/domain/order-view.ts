import * as z from 'zod/mini';
import { rejectionReasonLabels, rejectionReasons } from './desk';
import { orderLineSchema } from './order-line-schema';
import { orderStatuses, paymentStatuses } from './order-status';

/**
 * An order as its page shows it, built from the rows a customer reads under RLS or from the guest
 * function's answer (which sends these same rows): one reader for both.
 */
export const orderRowSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  provider: z.string(),
  provider_order_id: z.string(),
  provider_payment_id: z.nullable(z.string()),
  amount_paise: z.int(),
  lines: z.array(orderLineSchema),
  delivery_name: z.optional(z.nullable(z.string())),
  delivery_line1: z.optional(z.nullable(z.string())),
  delivery_line2: z.optional(z.nullable(z.string())),
  delivery_city: z.optional(z.nullable(z.string())),
  delivery_state: z.optional(z.nullable(z.string())),
  delivery_pin_code: z.optional(z.nullable(z.string())),
  promised_delivery_date: z.optional(z.nullable(z.string())),
});

export const orderEventRowSchema = z.object({
  kind: z.enum(['status', 'payment', 'note']),
  from_status: z.nullable(z.string()),
  to_status: z.nullable(z.string()),
  actor_role: z.string(),
  note: z.nullable(z.string()),
  at: z.string(),
});

export const refundRowSchema = z.object({
  amount_paise: z.int(),
  state: z.enum(['requested', 'pending', 'processed', 'failed']),
  reason: z.string(),
  kind: z.enum(['cancel', 'rejected_lines']),
  created_at: z.string(),
});

/** A pharmacist's decision on one prescription line (line_index into the order's lines). */
export const lineDecisionRowSchema = z.object({
  line_index: z.int().check(z.minimum(0)),
  decision: z.enum(['accepted', 'rejected']),
  reason: z.nullable(z.enum(rejectionReasons)),
  note: z.nullable(z.string()),
  pharmacist_name: z.string(),
});
export type LineDecision = z.infer<typeof lineDecisionRowSchema>;

/** The pharmacist's decision on a line as the order page and the order mails tell the customer. */
export function lineDecisionText(decision: LineDecision): string {
  if (decision.decision === 'accepted') return `Prescription accepted by pharmacist ${decision.pharmacist_name}`;
  const reason = decision.reason === 'other' || decision.reason === null ? 'Not accepted by our pharmacist' : rejectionReasonLabels[decision.reason];
  return `Removed from your order: ${reason}${decision.note ? ` (${decision.note})` : ''}`;
}

export const orderRecordSchema = z.object({
  order: orderRowSchema,
  events: z.array(orderEventRowSchema),
  refunds: z.array(refundRowSchema),
  decisions: z.array(lineDecisionRowSchema),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;
export type OrderRow = z.infer<typeof orderRowSchema>;

export { LINE_DECISION_COLUMNS, ORDER_EVENT_COLUMNS, ORDER_PAGE_COLUMNS, REFUND_COLUMNS } from './order-columns';

/** Reasons offered in the cancel dialog; 'other' needs the customer's own words. */
export const cancelReasons = [
  'Ordered by mistake',
  'Found a better price',
  'Delivery is too late',
  'Doctor changed the prescription',
  'other',
] as const;
export type CancelReason = (typeof cancelReasons)[number];
