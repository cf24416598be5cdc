import { getCatalogue } from './catalogue';
import { getProductMoves } from './catalogue-moves';
import { alternativesByProduct } from './substitutes';
import { moleculeKey } from '../../domain/salt';
import { productSegment } from '../../domain/product';
import type { ListedAlternatives } from './product-page-data';

export interface RemovedProductPage {
  segment: string;
  name: string;
  alternatives: ListedAlternatives;
}

/** Every removed product's 'Product not found' page: its address segment, name and what replaces it. */
export async function removedProductPages(): Promise<RemovedProductPage[]> {
  const [{ products }, { removed }] = await Promise.all([getCatalogue(), getProductMoves()]);
  return removed.map(({ product }) => {
    // Only products of the same molecule can be its substitutes or other strengths.
    const molecule = moleculeKey(product.salt);
    const related = products.filter((candidate) => moleculeKey(candidate.salt) === molecule);
    return { segment: productSegment(product), name: product.name, alternatives: alternativesByProduct([product, ...related]).get(product.id)! };
  });
}
