import { z } from 'zod';
import validity from '../../../../content/pharmacy/prescription-validity.json' with { type: 'json' };
import type { DrugTaxFacts } from '../../../domain/drug-tax';
import type { OrderLine } from '../../../domain/order-line';
import { orderLineSchema } from '../../../domain/order-line-schema';
import { prescriptionValiditySchema } from '../../../domain/prescription-validity';
import { planReorder, type ReorderCatalogueFacts, type ReorderPlan } from '../../../domain/reorder';
import { isRefillOrderKey } from '../../../domain/refill-link';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from '../../../lib/server/http';
import type { CatalogueIndex } from '../../checkout/server/public';
import type { ReorderIndex } from '../../checkout/server/public';
import { accessibleOrder } from '../../orders/server/order-access';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import { reorderStrings } from '../../../domain/reorder-strings';
import { orderLanguageSchema } from '../../../domain/payment-contract';
import { answeredIn } from '../../../lib/server/answered-in';

/** Read once per function instance: the store's rule is content, checked as the build checks content. */
const RULE = prescriptionValiditySchema.parse(validity);

export interface ReorderIndexes {
  prices: CatalogueIndex;
  drugTax: { lookup(ids: readonly number[]): Promise<ReadonlyMap<number, DrugTaxFacts>> };
  reorder: ReorderIndex;
}

export type ReorderDependencies = ServerDependencies & { indexes: ReorderIndexes };

// `language` is the reorder page's: a refusal is said in it (English when absent).
export const reorderRequestSchema = z.union([
  z.strictObject({ orderNumber: z.string().max(40), key: z.string().max(100).optional(), language: orderLanguageSchema }),
  z.strictObject({ reminder: z.uuid({ error: 'reminder must be a reminder id' }), key: z.string().max(100), language: orderLanguageSchema }),
]);
export type ReorderRequest = z.infer<typeof reorderRequestSchema>;

/** Today's catalogue facts of the products the lines name; a product missing from the prices left the catalogue. */
async function catalogueFacts(indexes: ReorderIndexes, ids: readonly number[]): Promise<Map<number, ReorderCatalogueFacts>> {
  const [prices, drugTax, reorder] = await Promise.all([indexes.prices.lookup(ids), indexes.drugTax.lookup(ids), indexes.reorder.lookup(ids)]);
  const facts = new Map<number, ReorderCatalogueFacts>();
  for (const id of ids) {
    const price = prices.get(id);
    if (!price) continue;
    facts.set(id, {
      saleState: price.sale_state,
      requiresPrescription: price.requires_prescription,
      schedule: drugTax.get(id)?.schedule ?? (price.requires_prescription ? 'H' : 'OTC'),
      substitute: reorder.get(id)?.substitute ?? null,
    });
  }
  return facts;
}

interface PastOrder {
  id: string;
  orderNumber: string;
  userId: string | null;
  createdAt: string;
  lines: OrderLine[];
}

async function prescriptionOf(deps: ReorderDependencies, order: PastOrder, buyerId: string | null) {
  const { data, error } = await deps.db.from('orders').select('prescription_paths').eq('id', order.id).single();
  if (error) throw new Error(`reading order ${order.orderNumber}: ${error.message}`);
  const paths = z.object({ prescription_paths: z.array(z.string()) }).parse(data).prescription_paths;
  // The payment functions accept only files in the buyer's own folder: a guest's earlier folder
  // belonged to an old cart session, so a guest is asked again.
  if (!buyerId || order.userId !== buyerId || paths.length === 0 || !paths.every((path) => path.startsWith(`${buyerId}/`))) return null;
  return { paths, prescribedOn: new Date(order.createdAt) };
}

async function rejectedLines(deps: ReorderDependencies, orderId: string): Promise<Set<number>> {
  const { data, error } = await deps.db.from('order_line_decisions').select('line_index, decision').eq('order_id', orderId);
  if (error) throw new Error(`reading the order's prescription decisions: ${error.message}`);
  return new Set(z.array(z.object({ line_index: z.number(), decision: z.string() })).parse(data).filter((row) => row.decision === 'rejected').map((row) => row.line_index));
}

/** The plan for one past order (or one reminder's line of it), for whoever may open it. */
export async function reorderPlan(deps: ReorderDependencies, req: Request, request: ReorderRequest): Promise<ReorderPlan> {
  let order: PastOrder;
  let buyerId: string | null;
  let onlyProducts: Set<number> | undefined;
  if ('reminder' in request) {
    if (!(await isRefillOrderKey(request.reminder, request.key, deps.env.ORDER_LINK_SECRET))) throw new HttpRefusal(403, reorderStrings.badReminderLink);
    const { data, error } = await deps.db.from('refill_reminders').select('order_id, product_id, user_id').eq('id', request.reminder).maybeSingle();
    if (error) throw new Error(`reading refill reminder ${request.reminder}: ${error.message}`);
    if (!data) throw new HttpRefusal(404, reorderStrings.badReminderLink);
    const reminder = z.object({ order_id: z.string(), product_id: z.number(), user_id: z.string().nullable() }).parse(data);
    const read = await deps.db.from('orders').select('id, order_number, user_id, created_at, lines').eq('id', reminder.order_id).single();
    if (read.error) throw new Error(`reading the reminder's order: ${read.error.message}`);
    const past = z.object({ id: z.string(), order_number: z.string(), user_id: z.string().nullable(), created_at: z.string(), lines: z.array(orderLineSchema) }).parse(read.data);
    order = { id: past.id, orderNumber: past.order_number, userId: past.user_id, createdAt: past.created_at, lines: past.lines };
    // The mail's link is the customer's own: the earlier prescription stays theirs when they pay signed in.
    buyerId = reminder.user_id;
    onlyProducts = new Set([reminder.product_id]);
  } else {
    const access = await accessibleOrder(deps, req, request.orderNumber, request.key);
    order = { id: access.order.id, orderNumber: access.order.order_number, userId: access.order.user_id, createdAt: access.order.created_at, lines: access.order.lines };
    buyerId = access.customerId;
  }
  const ids = [...new Set(order.lines.map((line) => line.product_id))];
  const [catalogue, prescription, rejected] = await Promise.all([catalogueFacts(deps.indexes, ids), prescriptionOf(deps, order, buyerId), rejectedLines(deps, order.id)]);
  return planReorder({ orderNumber: order.orderNumber, lines: order.lines, catalogue, rejectedLines: rejected, prescription, rule: RULE, today: deps.now(), ...(onlyProducts ? { onlyProducts } : {}) });
}

/** POST /api/orders/reorder {orderNumber, key?} or {reminder, key}: what goes back into the cart, and why the rest does not. */
export const reorderHandler = (req: Request, deps: () => ReorderDependencies): Promise<Response> =>
  respond('/api/orders/reorder', async () => {
    if (req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use POST`);
    const request = parseBody(reorderRequestSchema, parseJson(await readRawBody(req)));
    return jsonResponse(await answeredIn(request.language, () => reorderPlan(deps(), req, request)));
  });
