import * as z from 'zod/mini';
import type { OrderLine } from './order-line';

/**
 * A stored order line as read back from `orders.lines` (kept apart so zod loads only where rows are
 * read). zod/mini, as order-view.ts: the order page checks the order it draws with a few KB of zod.
 */
export const orderLineSchema = z.object({
  product_id: z.int(),
  name: z.string(),
  unit_mrp_paise: z.int().check(z.nonnegative()),
  unit_price_paise: z.int().check(z.nonnegative()),
  quantity: z.int().check(z.positive()),
  discount_paise: z.optional(z.int().check(z.nonnegative())),
}) satisfies z.ZodMiniType<OrderLine>;
