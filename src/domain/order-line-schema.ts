import { z } from 'zod';
import type { OrderLine } from './order-line';

/** A stored order line as read back from `orders.lines` (kept apart so zod loads only where rows are read). */
export const orderLineSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  unit_mrp_paise: z.number().int().nonnegative(),
  unit_price_paise: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
}) satisfies z.ZodType<OrderLine>;
