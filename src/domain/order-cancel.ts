import { z } from 'zod';
import { cancelReasons } from './order-view';
import { orderLanguageSchema } from './payment-contract';

/*
 * A customer's cancellation as /api/orders/cancel takes it. Kept apart from order-view.ts, whose
 * zod/mini schemas the order page loads: this one's refinement is the function's alone.
 */

export const cancelRequestSchema = z
  .object({
    orderNumber: z.string(),
    key: z.string().optional(),
    reason: z.enum(cancelReasons),
    otherReason: z.string().trim().max(500).optional(),
    /** The order page's language: a refusal is said in it (English when absent). */
    language: orderLanguageSchema,
  })
  .refine((body) => body.reason !== 'other' || (body.otherReason?.length ?? 0) > 0, {
    message: 'Please tell us why you are cancelling',
    path: ['otherReason'],
  });
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export function cancelReasonText(request: Pick<CancelRequest, 'reason' | 'otherReason'>): string {
  return request.reason === 'other' ? `Other: ${request.otherReason ?? ''}` : request.reason;
}
