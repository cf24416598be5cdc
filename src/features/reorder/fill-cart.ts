import { isPurchasable } from '../../domain/product';
import { notSoldSentenceIn, prescriptionAgainSentence, prescriptionReusedSentence, type ReorderPlan } from '../../domain/reorder';
import { reorder } from '../../domain/strings/english/reorder';
import { countText, fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';
import type { CartProduct } from '../../domain/product';

/** The cart calls a reorder makes (the cart's public API); passed in so the rule is tested without storage. */
export interface ReorderCart {
  lookUp(productId: number): Promise<{ status: 'found'; product: CartProduct } | { status: 'gone' } | { status: 'unknown' }>;
  quantityOf(productId: number): number;
  add(product: CartProduct): void;
  setQuantity(productId: number, quantity: number): void;
  setPrescription(productId: number, accepted: boolean, fileUrl: string | null): void;
}

export interface ReorderOutcome {
  added: number;
  sentences: string[];
}

/**
 * Puts the plan's lines into the cart at today's price: each product's current catalogue entry is
 * read (the price and sale state of today, not of the past order); a line already in the cart
 * grows by the past quantity; a prescription line carries the earlier prescription while it is
 * valid, otherwise the cart asks for one at checkout.
 */
export async function fillCart(plan: ReorderPlan, cart: ReorderCart, text: StringTable['reorder'] = reorder, locale = 'en-IN'): Promise<ReorderOutcome> {
  const notSoldSentence = notSoldSentenceIn(text);
  const sentences = plan.notSold.map(notSoldSentence);
  const lookups = await Promise.all(plan.lines.map((line) => cart.lookUp(line.productId)));
  let added = 0;
  plan.lines.forEach((line, index) => {
    const lookup = lookups[index]!;
    if (lookup.status === 'gone' || (lookup.status === 'found' && !isPurchasable(lookup.product))) {
      sentences.push(notSoldSentence({ name: line.name, reason: lookup.status === 'found' && lookup.product.sale_state === 'SOLD OUT' ? 'sold-out' : 'discontinued', substitute: null }));
      return;
    }
    if (lookup.status === 'unknown') {
      sentences.push(fill(text.couldNotCheck, { name: line.name }));
      return;
    }
    const before = cart.quantityOf(line.productId);
    if (before === 0) cart.add(lookup.product);
    cart.setQuantity(line.productId, before + line.quantity);
    if (line.prescriptionPaths) {
      cart.setPrescription(line.productId, true, line.prescriptionPaths[0] ?? null);
      sentences.push(prescriptionReusedSentence(line.name, text));
    } else if (line.prescriptionAgain) {
      sentences.push(prescriptionAgainSentence(line.name, text));
    }
    added += 1;
  });
  return { added, sentences: [added > 0 ? countText(text.added, added, locale) : text.nothingAdded, ...sentences] };
}
