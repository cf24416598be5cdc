import { z } from 'zod';
import { paiseFromRupees, rupeesOf, rupeesText } from './money';
import { DEFAULT_PRODUCT_IMAGE, productSlug, toCartProduct, type CartProduct } from './product';
import { readCartProduct } from './stored-cart';
import { clampQuantity, type CartLine } from './cart-line';
import { cartLinesTotalPaise } from './cart-total';

/**
 * A cart line as the server cart row keeps it: the spec's stored-item fields (mrp as rupee text,
 * converted to and from the model's paise here and only here; name,
 * quantity, product_id, thumbnail_image, prescription_url), and beside them every other field of
 * the cart's view of a product (slug, category, requires_prescription, ...), because a line that
 * exists only on the server must become a full cart line again on another device and the browser
 * has no catalogue lookup by id. Those ride along unchecked here: readCartProduct reads them.
 */
const storedItemFields = z.object({
  product_id: z.number().int().positive(),
  name: z.string().min(1),
  quantity: z.number().int().positive(),
  mrp: z.string().regex(/^\d+(\.\d{1,2})?$/).catch('0'),
  thumbnail_image: z.string().min(1).catch(DEFAULT_PRODUCT_IMAGE),
  prescription_url: z.string().nullable().catch(null),
});
const storedCartItemSchema = storedItemFields.loose();
type RideAlong = Omit<CartProduct, 'id' | 'name' | 'mrp_paise' | 'thumbnail_image'>;
export type StoredCartItem = z.infer<typeof storedItemFields> & Partial<RideAlong>;

export function toStoredItem(line: CartLine): StoredCartItem {
  const { id, name, mrp_paise, thumbnail_image, ...rideAlong } = toCartProduct(line.product);
  return { product_id: id, name, quantity: line.quantity, mrp: rupeesText(mrp_paise), thumbnail_image, prescription_url: line.prescriptionFileUrl, ...rideAlong };
}

/**
 * Rebuilds a cart line from a stored item, or null when a ride-along field is unreadable. Rows
 * written elsewhere may lack them: without a stored prescription flag the line is treated as
 * prescription-only (asking for a prescription that was not needed is the safe mistake).
 */
export function fromStoredItem(item: StoredCartItem): CartLine | null {
  const { product_id, mrp, quantity, prescription_url, ...rest } = item;
  const product = readCartProduct({ slug: productSlug(item.name), category: '', requires_prescription: true, ...rest, id: product_id, mrp_paise: paiseFromRupees(mrp) });
  if (!product) return null;
  return {
    product,
    quantity: clampQuantity(quantity),
    prescriptionAccepted: !product.requires_prescription || prescription_url !== null,
    prescriptionFileUrl: prescription_url,
  };
}

/** Reads a row's items: anything unreadable is skipped rather than failing the whole cart. */
export function readStoredItems(items: unknown): CartLine[] {
  if (!Array.isArray(items)) return [];
  const lines: CartLine[] = [];
  for (const raw of items) {
    const item = storedCartItemSchema.safeParse(raw);
    const line = item.success ? fromStoredItem(item.data as StoredCartItem) : null;
    if (line && !lines.some((kept) => kept.product.id === line.product.id)) lines.push(line);
  }
  return lines;
}

/** The row's cart_total: sum of MRP x quantity in rupees, summed in paise so it never drifts. */
export function storedCartTotal(lines: readonly CartLine[]): number {
  return rupeesOf(cartLinesTotalPaise(lines));
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
