import { PRODUCT_CARD, type Product, type ProductCard } from '../../domain/product';
import { productProblem, readProductView } from '../../domain/product-schema';
import { sortProducts } from './product-list';
import { foldText } from '../../domain/salt';
import { sellingPricePaise } from '../../domain/selling-price';
import type { SearchRow } from './search-engine';

/** The search index rows (see search-engine.ts), in name order. */
export function searchRows(products: readonly Product[]): SearchRow[] {
  return sortProducts(products, 'name').map((product) => [
    product.id,
    foldText(product.name),
    foldText(product.salt),
    foldText(product.brand),
    foldText([...product.primary_uses, ...product.uses].join(' ')),
    foldText([product.category, product.marketer, product.therapeutic_class].join(' ')),
    sellingPricePaise(product),
    product.name,
  ]);
}

/**
 * A search result is the product's own card (as in its /catalogue/cards/ file, the one the cart
 * fetches), which carries what a card shows: the index itself holds only the searchable text.
 */
export function readSearchCard(entry: unknown): ProductCard {
  const card = readProductView(PRODUCT_CARD, entry);
  if (!card) throw new Error(`A search result is not a product card: ${productProblem(entry, PRODUCT_CARD)}`);
  return card;
}
