import { z } from 'zod';
import { MAX_QUANTITY_PER_LINE } from './cart-line';
import { unfilledLineReasons } from './prescription-request-status';

/** A proposal holds at most the lines a cart may (payment-contract's MAX_LINES). */
export const MAX_PROPOSAL_LINES = 50;

/**
 * One line of a pharmacist's proposal: a catalogue product and how many (at most what one cart line
 * may hold, so the customer can pay for it), or a prescribed item the customer will not get, with
 * its name as written and why.
 */
export const proposalLineSchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('proposed'),
    productId: z.number().int().positive(),
    quantity: z
      .number({ error: 'Enter a quantity.' })
      .int('Enter a whole number.')
      .min(1, 'Enter a quantity of at least 1.')
      .max(MAX_QUANTITY_PER_LINE, `A line holds at most ${MAX_QUANTITY_PER_LINE}.`),
  }),
  z.strictObject({
    status: z.enum(unfilledLineReasons),
    name: z.string().trim().min(1, 'Name the prescribed item.').max(200),
    reason: z.string().trim().min(1, 'Give a reason the customer will read.').max(300, 'Keep the reason under 300 characters.'),
  }),
]);
export type ProposalLine = z.infer<typeof proposalLineSchema>;

/** POST /api/desk/request-decision: send the proposal, or reject the whole request with a reason. */
export const requestDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    requestId: z.uuid(),
    decision: z.literal('propose'),
    lines: z.array(proposalLineSchema).min(1, 'Add at least one line.').max(MAX_PROPOSAL_LINES, `A proposal holds at most ${MAX_PROPOSAL_LINES} lines.`),
  }),
  z.strictObject({
    requestId: z.uuid(),
    decision: z.literal('reject'),
    reason: z.string().trim().min(1, 'Give the reason for rejecting the request.').max(500, 'Keep the reason under 500 characters.'),
  }),
]);
export type RequestDecision = z.infer<typeof requestDecisionSchema>;

/** POST /api/desk/request-file: a short-lived link to one of the request's prescription files (logged). */
export const requestFileSchema = z.strictObject({ requestId: z.uuid(), fileId: z.number().int().positive() });

export const UNFILLED_LABELS: Readonly<Record<(typeof unfilledLineReasons)[number], string>> = {
  unavailable: 'Not available',
  not_prescribed: 'Not on the prescription',
};
