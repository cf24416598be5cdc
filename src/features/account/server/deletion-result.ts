import { z } from 'zod';
import { DEFAULT_LANGUAGE, languageCodeSchema } from '../../../domain/language';

/** What the account-delete function answers: what was removed and what was kept (and why, on the page). */
export const deletionResultSchema = z.object({
  deleted: z.literal(true),
  removed: z.object({ addresses: z.number().int().nonnegative(), prescriptions: z.number().int().nonnegative(), unpaidOrders: z.number().int().nonnegative() }),
  kept: z.object({ paidOrders: z.number().int().nonnegative() }),
});
export type DeletionResult = z.infer<typeof deletionResultSchema>;

/** What the account page's call says in its query: its language, which the function's refusals are said in (English when absent). */
export const deleteAccountRequestSchema = z.object({ language: languageCodeSchema.default(DEFAULT_LANGUAGE) });
