import { formKey, moleculeKey, saltKey } from '@/domain/salt';
import { isPurchasable, type Product } from '@/domain/product';
import { sellingPricePaise } from '@/domain/selling-price';

/** At most this many substitutes and other strengths per page: enough to choose from, bounded work per product. */
export const MAX_ALTERNATIVES = 8;

export interface Substitute {
  product: Product;
  /** Selling price per tablet, ml or gm (per pack when the pack size is unknown), in paise. */
  unitPaise: number;
  /** What one unit is: "tablet", "ml", "gm" or "pack". */
  unit: string;
  /** Whole percent cheaper per unit than the product on the page; 0 when not cheaper. */
  savePercent: number;
}

export interface Alternatives {
  substitutes: Substitute[];
  otherStrengths: Product[];
}

/** The selling price of one unit of the pack, and what the unit is. */
export function unitPrice(product: Product): { unitPaise: number; unit: string } {
  const price = sellingPricePaise(product);
  if (!product.pack_size || product.pack_size.amount <= 0) return { unitPaise: price, unit: 'pack' };
  return { unitPaise: price / product.pack_size.amount, unit: product.pack_size.unit || 'unit' };
}

/** Two products are substitutes when their salts and strengths match and one form may replace the other. */
export function isSubstitute(product: Product, candidate: Product): boolean {
  return product.id !== candidate.id && saltKey(product.salt) === saltKey(candidate.salt) && formKey(product.drug_form) === formKey(candidate.drug_form);
}

const groupKey = (product: Product) => `${saltKey(product.salt)}|${formKey(product.drug_form)}`;

function groupBy(products: readonly Product[], key: (product: Product) => string): Map<string, Product[]> {
  const groups = new Map<string, Product[]>();
  for (const product of products) {
    const group = groups.get(key(product));
    if (group) group.push(product);
    else groups.set(key(product), [product]);
  }
  return groups;
}

/**
 * Every product's substitutes and other strengths, in one pass over the catalogue: products are
 * grouped by salt key and form, each group ordered once (sellable first, cheapest per unit, then by
 * name), and each product takes the first few of its group. Work grows with the catalogue, not with
 * its square, as long as the lists stay capped.
 */
export function alternativesByProduct(products: readonly Product[]): Map<number, Alternatives> {
  const units = new Map(products.map((product) => [product.id, unitPrice(product)]));
  const substituteGroups = groupBy(products, groupKey);
  for (const group of substituteGroups.values()) {
    group.sort(
      (a, b) =>
        Number(isPurchasable(b)) - Number(isPurchasable(a)) || units.get(a.id)!.unitPaise - units.get(b.id)!.unitPaise || a.name.localeCompare(b.name),
    );
  }
  const moleculeGroups = groupBy(products, (product) => moleculeKey(product.salt));

  const result = new Map<number, Alternatives>();
  for (const product of products) {
    const own = units.get(product.id)!;
    const substitutes = substituteGroups
      .get(groupKey(product))!
      .filter((candidate) => candidate.id !== product.id)
      .slice(0, MAX_ALTERNATIVES)
      .map((candidate) => {
        const { unitPaise, unit } = units.get(candidate.id)!;
        const comparable = unit === own.unit && own.unitPaise > 0;
        const savePercent = comparable ? Math.max(0, Math.floor(((own.unitPaise - unitPaise) * 100) / own.unitPaise)) : 0;
        return { product: candidate, unitPaise, unit, savePercent };
      });
    const ownSalt = saltKey(product.salt);
    const otherStrengths = moleculeGroups
      .get(moleculeKey(product.salt))!
      .filter((candidate) => saltKey(candidate.salt) !== ownSalt)
      .slice(0, MAX_ALTERNATIVES);
    result.set(product.id, { substitutes, otherStrengths });
  }
  return result;
}
