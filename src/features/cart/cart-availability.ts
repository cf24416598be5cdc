import { atom } from 'nanostores';
import { catalogueEntryUrl } from '../../domain/product';
import type { Availability } from '../../domain/stock';
import { readCartProduct } from '../../domain/stored-cart';
import { $cart, type CartLine, type CartProduct } from './cart-store';

export { availabilityOf, checkoutReadiness, UNAVAILABLE_LINE_LABEL, type CheckoutReadiness, type LineAvailability } from './line-availability';

/** What the catalogue says today about a cart line's product. */
export type CatalogueLookup =
  | { status: 'found'; product: CartProduct }
  /** The product's file is gone: it was removed from the catalogue. */
  | { status: 'gone' }
  /** Offline or a server error: the values stored with the line stand. */
  | { status: 'unknown' };

/** Fetches one product's current entry; never throws. */
export async function lookUpProduct(productId: number, fetchEntry: typeof fetch = fetch): Promise<CatalogueLookup> {
  try {
    const response = await fetchEntry(catalogueEntryUrl(productId), { headers: { accept: 'application/json' } });
    if (response.status === 404) return { status: 'gone' };
    if (!response.ok) return { status: 'unknown' };
    const product = readCartProduct(await response.json());
    return product?.id === productId ? { status: 'found', product } : { status: 'unknown' };
  } catch {
    return { status: 'unknown' };
  }
}

/**
 * Brings a line up to today's catalogue: price, name and flags. A product that now needs a
 * prescription needs one on this line too, unless a prescription file is already attached.
 */
export function refreshLine(line: CartLine, lookup: CatalogueLookup): CartLine {
  if (lookup.status !== 'found') return line;
  const product = lookup.product;
  const prescriptionAccepted = product.requires_prescription
    ? line.prescriptionAccepted && (line.product.requires_prescription || line.prescriptionFileUrl !== null)
    : true;
  return { ...line, product, prescriptionAccepted };
}

/** Products of cart lines that the catalogue no longer has; known only after a lookup, not stored. */
export const $goneProductIds = atom<ReadonlySet<number>>(new Set());

/** Applies the lookups to whatever the cart holds now (another tab may have changed it meanwhile). */
export function applyLookups(lookups: ReadonlyMap<number, CatalogueLookup>): void {
  const cart = $cart.get();
  $cart.set({ ...cart, items: cart.items.map((line) => refreshLine(line, lookups.get(line.product.id) ?? { status: 'unknown' })) });
  const gone = new Set($goneProductIds.get());
  for (const [productId, lookup] of lookups) {
    if (lookup.status === 'gone') gone.add(productId);
    if (lookup.status === 'found') gone.delete(productId);
  }
  $goneProductIds.set(gone);
}

/** Looks up every line's product in parallel and refreshes the cart with the answers. */
export async function refreshCartFromCatalogue(fetchEntry: typeof fetch = fetch): Promise<void> {
  const ids = $cart.get().items.map((line) => line.product.id);
  const answers = await Promise.all(ids.map(async (id) => [id, await lookUpProduct(id, fetchEntry)] as const));
  applyLookups(new Map(answers));
}

/** Units left of the cart's stock-tracked products, as the availability request answered; not stored. */
export const $cartStock = atom<Availability>({});

/** One availability request for every line's product (the product pages' request); never throws. */
export async function refreshCartStock(fetchStock: typeof fetch = fetch): Promise<void> {
  const ids = [...new Set($cart.get().items.map((line) => line.product.id))];
  if (ids.length === 0) return;
  try {
    const response = await fetchStock(`/api/stock/availability?ids=${ids.join(',')}`);
    if (response.ok) $cartStock.set((await response.json()) as Availability);
  } catch {
    // Offline: the order's reservation still refuses what is not there, in the same words.
  }
}

let arrivalRefresh: Promise<void> | undefined;
/** The refresh the /cart page makes once as it opens, whichever of its first screen and its island asks first. */
export function refreshCartOnArrival(): Promise<void> {
  return (arrivalRefresh ??= Promise.all([refreshCartFromCatalogue(), refreshCartStock()]).then(() => undefined));
}
