import { z } from 'zod';
import { paiseToRupees } from './money';
import { DEFAULT_PRODUCT_IMAGE, productSlug } from './product';
import { cartLinesTotalPaise, clampQuantity, type CartLine } from './cart-line';

/**
 * A cart line as the server cart row keeps it: the spec's stored-item fields (mrp as text, name,
 * quantity, product_id, thumbnail_image, prescription_url). slug, category and
 * requires_prescription ride along because a line that exists only on the server must become a
 * full cart line again on another device, and the browser has no catalogue lookup by id; rows
 * without them (written elsewhere) still load, with the cautious fallbacks below.
 */
export const storedCartItemSchema = z.object({
  product_id: z.number().int().positive(),
  name: z.string().min(1),
  quantity: z.number().int().positive(),
  mrp: z.string().regex(/^\d+(\.\d{1,2})?$/).catch('0'),
  thumbnail_image: z.string().min(1).catch(DEFAULT_PRODUCT_IMAGE),
  prescription_url: z.string().nullable().catch(null),
  slug: z.string().min(1).optional(),
  category: z.string().optional(),
  requires_prescription: z.boolean().optional(),
});
export type StoredCartItem = z.infer<typeof storedCartItemSchema>;

export function toStoredItem(line: CartLine): StoredCartItem {
  return {
    product_id: line.product.id,
    name: line.product.name,
    quantity: line.quantity,
    mrp: line.product.mrp.toFixed(2),
    thumbnail_image: line.product.thumbnail_image ?? DEFAULT_PRODUCT_IMAGE,
    prescription_url: line.prescriptionFileUrl,
    slug: line.product.slug,
    category: line.product.category,
    requires_prescription: line.product.requires_prescription,
  };
}

/**
 * Rebuilds a cart line from a stored item. Without a stored prescription flag the line is treated
 * as prescription-only: asking for a prescription that was not needed is the safe mistake.
 */
export function fromStoredItem(item: StoredCartItem): CartLine {
  const requiresPrescription = item.requires_prescription ?? true;
  return {
    product: {
      id: item.product_id,
      name: item.name,
      slug: item.slug ?? productSlug(item.name),
      mrp: Number(item.mrp),
      thumbnail_image: item.thumbnail_image,
      category: item.category ?? '',
      requires_prescription: requiresPrescription,
      sale_state: 'ADD TO CART',
    },
    quantity: clampQuantity(item.quantity),
    prescriptionAccepted: !requiresPrescription || item.prescription_url !== null,
    prescriptionFileUrl: item.prescription_url,
  };
}

/** Reads a row's items: anything unreadable is skipped rather than failing the whole cart. */
export function readStoredItems(items: unknown): CartLine[] {
  if (!Array.isArray(items)) return [];
  const lines: CartLine[] = [];
  for (const raw of items) {
    const item = storedCartItemSchema.safeParse(raw);
    if (item.success && !lines.some((line) => line.product.id === item.data.product_id)) {
      lines.push(fromStoredItem(item.data));
    }
  }
  return lines;
}

/** The row's cart_total: sum of MRP x quantity in rupees, summed in paise so it never drifts. */
export function storedCartTotal(lines: readonly CartLine[]): number {
  return paiseToRupees(cartLinesTotalPaise(lines));
}

/**
 * The sign-in merge rule: every distinct line of either cart is kept (this device's lines first,
 * in their order, then the account's other lines); for a product in both, the larger quantity
 * wins, so the same items put in the cart on two devices are not silently doubled. This device's
 * copy of a shared line is kept, except that a prescription already attached on the account
 * is not dropped.
 */
export function mergeCartLines(local: readonly CartLine[], server: readonly CartLine[]): CartLine[] {
  const merged = local.map((line) => {
    const remote = server.find((candidate) => candidate.product.id === line.product.id);
    if (!remote) return line;
    const keepRemotePrescription = line.prescriptionFileUrl === null && remote.prescriptionFileUrl !== null;
    return {
      ...line,
      quantity: Math.max(line.quantity, remote.quantity),
      ...(keepRemotePrescription
        ? { prescriptionAccepted: remote.prescriptionAccepted, prescriptionFileUrl: remote.prescriptionFileUrl }
        : {}),
    };
  });
  const serverOnly = server.filter((line) => !local.some((candidate) => candidate.product.id === line.product.id));
  return [...merged, ...serverOnly];
}
