import { atom } from 'nanostores';
import { productCardsUrl } from '../../domain/product';
import { isFields } from '../../domain/product-schema';
import type { Availability } from '../../domain/stock';
import { readCartProduct } from '../../domain/stored-cart';
import { $cart, type CartLine, type CartProduct } from './cart-store';

export { availabilityOf, checkoutReadiness, UNAVAILABLE_LINE_LABEL, type CheckoutReadiness, type LineAvailability } from './line-availability';

/** What the catalogue says today about a cart line's product. */
export type CatalogueLookup =
  | { status: 'found'; product: CartProduct }
  /** The product is not in its card file, or the file is gone: it was removed from the catalogue. */
  | { status: 'gone' }
  /** Offline, a server error or an unreadable file: the values stored with the line stand. */
  | { status: 'unknown' };

type CardFile = readonly Record<string, unknown>[] | 'gone' | 'unknown';

/** One card file (productCardsUrl), as a list of unchecked cards; never throws. */
async function readCardFile(url: string, fetchFile: typeof fetch): Promise<CardFile> {
  try {
    const response = await fetchFile(url, { headers: { accept: 'application/json' } });
    if (response.status === 404) return 'gone';
    if (!response.ok) return 'unknown';
    const cards: unknown = await response.json();
    return Array.isArray(cards) && cards.every(isFields) ? cards : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A lookup of products' current cards that fetches each card file once, however many of the
 * products asked for it holds (a cart's lines often share one); its answers never reject. Make one
 * per refresh: it keeps the files it fetched.
 */
export function catalogueLookup(fetchFile: typeof fetch = fetch): (productId: number) => Promise<CatalogueLookup> {
  const files = new Map<string, Promise<CardFile>>();
  return async (productId) => {
    const url = productCardsUrl(productId);
    let file = files.get(url);
    if (!file) files.set(url, (file = readCardFile(url, fetchFile)));
    const cards = await file;
    if (cards === 'gone' || cards === 'unknown') return { status: cards };
    const card = cards.find((candidate) => candidate.id === productId);
    if (!card) return { status: 'gone' };
    const product = readCartProduct(card);
    return product ? { status: 'found', product } : { status: 'unknown' };
  };
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

function sameLine(refreshed: CartLine, stored: CartLine): boolean {
  if (refreshed.prescriptionAccepted !== stored.prescriptionAccepted) return false;
  const fields = new Set([...Object.keys(refreshed.product), ...Object.keys(stored.product)]) as Set<keyof CartProduct>;
  return [...fields].every((field) => refreshed.product[field] === stored.product[field]);
}

/** Products of cart lines that the catalogue no longer has; known only after a lookup, not stored. */
export const $goneProductIds = atom<ReadonlySet<number>>(new Set());

/** Applies the lookups to whatever the cart holds now (another tab may have changed it meanwhile). */
export function applyLookups(lookups: ReadonlyMap<number, CatalogueLookup>): void {
  const cart = $cart.get();
  const items = cart.items.map((line) => refreshLine(line, lookups.get(line.product.id) ?? { status: 'unknown' }));
  // Nothing new: the stored cart is left alone, so a tab opening /cart never writes back over a change
  // another tab has just made (a line removed there came back).
  if (items.some((line, index) => !sameLine(line, cart.items[index]!))) $cart.set({ ...cart, items });
  const gone = new Set($goneProductIds.get());
  for (const [productId, lookup] of lookups) {
    if (lookup.status === 'gone') gone.add(productId);
    if (lookup.status === 'found') gone.delete(productId);
  }
  $goneProductIds.set(gone);
}

/** Looks up every line's product in parallel, one request per card file, and refreshes the cart with the answers. */
export async function refreshCartFromCatalogue(fetchFile: typeof fetch = fetch): Promise<void> {
  const lookUp = catalogueLookup(fetchFile);
  const ids = $cart.get().items.map((line) => line.product.id);
  const answers = await Promise.all(ids.map(async (id) => [id, await lookUp(id)] as const));
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
