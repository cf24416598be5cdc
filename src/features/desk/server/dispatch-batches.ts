import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import type { DeskDependencies } from './handlers';
import { requireStaff } from './staff';

/**
 * POST /api/desk/batches: the fulfilment step that records, for each stock-tracked line, the
 * batches it leaves from. Without picks it answers the suggestion (first-expiring sellable batches
 * first); with picks it records them and takes them off the shelf, all or nothing. The database
 * refuses an expired or short-dated batch, a wrong product's batch, too little on hand, and
 * shipping a tracked line without its batch.
 */

const pickSchema = z.strictObject({
  lineIndex: z.number().int().min(0),
  batchId: z.number().int().positive(),
  quantity: z.number().int().positive(),
});

export const batchesRequestSchema = z.strictObject({
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  picks: z.array(pickSchema).max(200).optional(),
});

export const batchSuggestionSchema = z.array(
  z.object({
    line_index: z.number().int(),
    product_id: z.number().int(),
    quantity: z.number().int(),
    short: z.number().int(),
    batches: z.array(z.object({ batch_id: z.number().int(), batch_number: z.string(), expiry_date: z.string(), quantity: z.number().int() })),
  }),
);
export type BatchSuggestion = z.infer<typeof batchSuggestionSchema>;

export interface BatchStore {
  suggest(orderId: string): Promise<BatchSuggestion>;
  /** Records the picks; a refusal from the database comes back as its sentence. */
  dispatch(orderId: string, picks: z.infer<typeof pickSchema>[], pickedBy: string): Promise<{ refused: string } | { consumedLines: number }>;
}

const CHECK_VIOLATION = '23514';

export class SupabaseBatchStore implements BatchStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  }

  async suggest(orderId: string): Promise<BatchSuggestion> {
    const { data, error } = await this.client.rpc('suggest_order_batches', { p_order_id: orderId });
    if (error) throw new Error(`suggesting batches: ${error.message}`);
    return batchSuggestionSchema.parse(data);
  }

  async dispatch(orderId: string, picks: z.infer<typeof pickSchema>[], pickedBy: string): Promise<{ refused: string } | { consumedLines: number }> {
    const { data, error } = await this.client.rpc('dispatch_order_batches', {
      p_order_id: orderId,
      p_picks: picks.map((pick) => ({ line_index: pick.lineIndex, batch_id: pick.batchId, quantity: pick.quantity })),
      p_picked_by: pickedBy,
    });
    if (error?.code === CHECK_VIOLATION) return { refused: `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.` };
    if (error) throw new Error(`recording batches: ${error.message}`);
    return { consumedLines: z.number().int().parse(data) };
  }
}

export async function handleBatches(req: Request, deps: Pick<DeskDependencies, 'store'>, batches: BatchStore): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = parseBody(batchesRequestSchema, parseJson(await readRawBody(req)));
  if (!body.picks) return jsonResponse({ lines: await batches.suggest(body.orderId) });
  const outcome = await batches.dispatch(body.orderId, body.picks, staff.id);
  if ('refused' in outcome) throw new HttpRefusal(422, outcome.refused);
  return jsonResponse(outcome);
}
