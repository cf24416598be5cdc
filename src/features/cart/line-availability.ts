import type { CartLine } from '@/domain/cart-line';

/* Whether each cart line can still be bought, and the cart with it: pure rules, no store. */

export type LineAvailability = 'available' | 'gone' | 'sold-out' | 'discontinued';

export const UNAVAILABLE_LINE_LABEL: Record<Exclude<LineAvailability, 'available'>, string> = {
  gone: 'No longer available',
  'sold-out': 'Sold out',
  discontinued: 'Discontinued',
};

export function availabilityOf(line: CartLine, goneProductIds: ReadonlySet<number>): LineAvailability {
  if (goneProductIds.has(line.product.id)) return 'gone';
  if (line.product.sale_state === 'SOLD OUT') return 'sold-out';
  if (line.product.sale_state === 'DISCONTINUED') return 'discontinued';
  return 'available';
}

export type CheckoutReadiness = 'empty' | 'unavailable-lines' | 'prescription-pending' | 'ready';

/** Whether the cart can go to payment, and if not, what stands in the way. */
export function checkoutReadiness(items: readonly CartLine[], goneProductIds: ReadonlySet<number>): CheckoutReadiness {
  if (items.length === 0) return 'empty';
  if (items.some((line) => availabilityOf(line, goneProductIds) !== 'available')) return 'unavailable-lines';
  if (items.some((line) => !line.prescriptionAccepted)) return 'prescription-pending';
  return 'ready';
}

