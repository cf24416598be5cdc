import type { CartLine } from '../../domain/cart-line';
import type { Availability } from '../../domain/stock';
import { cart } from '../../domain/strings/english/cart';
import type { StringTable } from '../../domain/strings/table';

/* Whether each cart line can still be bought, and the cart with it: pure rules, no store. */

export type LineAvailability = 'available' | 'gone' | 'sold-out' | 'discontinued' | 'short';

export const unavailableLineLabel = (
  text: Pick<StringTable['cart'], 'lineGone' | 'lineSoldOut' | 'lineDiscontinued' | 'lineShort'>,
): Record<Exclude<LineAvailability, 'available'>, string> => ({
  gone: text.lineGone,
  'sold-out': text.lineSoldOut,
  discontinued: text.lineDiscontinued,
  short: text.lineShort,
});

export const UNAVAILABLE_LINE_LABEL = /* @__PURE__ */ unavailableLineLabel(cart);

/** `stock`: what the availability request answered after load (tracked products only). */
export function availabilityOf(line: CartLine, goneProductIds: ReadonlySet<number>, stock: Availability = {}): LineAvailability {
  if (goneProductIds.has(line.product.id)) return 'gone';
  const available = stock[line.product.id];
  if (line.product.sale_state === 'SOLD OUT' || available === 0) return 'sold-out';
  if (line.product.sale_state === 'DISCONTINUED') return 'discontinued';
  if (available !== undefined && available < line.quantity) return 'short';
  return 'available';
}

export type CheckoutReadiness = 'empty' | 'unavailable-lines' | 'prescription-pending' | 'ready';

/** Whether the cart can go to payment, and if not, what stands in the way. */
export function checkoutReadiness(items: readonly CartLine[], goneProductIds: ReadonlySet<number>, stock: Availability = {}): CheckoutReadiness {
  if (items.length === 0) return 'empty';
  if (items.some((line) => availabilityOf(line, goneProductIds, stock) !== 'available')) return 'unavailable-lines';
  if (items.some((line) => !line.prescriptionAccepted)) return 'prescription-pending';
  return 'ready';
}

