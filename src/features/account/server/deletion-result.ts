import { z } from 'zod';

/** What the account-delete function answers: what was removed and what was kept (and why, on the page). */
export const deletionResultSchema = z.object({
  deleted: z.literal(true),
  removed: z.object({ addresses: z.number().int().nonnegative(), prescriptions: z.number().int().nonnegative(), unpaidOrders: z.number().int().nonnegative() }),
  kept: z.object({ paidOrders: z.number().int().nonnegative() }),
});
export type DeletionResult = z.infer<typeof deletionResultSchema>;

/** Why an account with an order still on its way cannot be deleted yet (shown on /account). */
export const ORDERS_ON_THEIR_WAY =
  'You have an order on its way. You can delete your account once it is delivered or cancelled; see My orders.';
