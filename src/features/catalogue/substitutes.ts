import { formKey, moleculeKey, saltKey } from '../../domain/salt';
import { isPurchasable, type Product } from '../../domain/product';
import { sellingPricePaise } from '../../domain/selling-price';

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

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

interface Keyed {
  product: Product;
  salt: string;
  molecule: string;
  group: string;
  unit: { unitPaise: number; unit: string };
}

/**
 * Every product's substitutes and other strengths, in one pass over the catalogue: the keys are
 * worked out once per product; products are grouped by salt key and form, each group ordered once
 * (sellable first, cheapest per unit, then by name), and each product takes the first few of its
 * group. Per product the work is bounded by the caps and the number of strengths of its salt, so
 * the whole grows with the catalogue, not with its square.
 */
export function alternativesByProduct(products: readonly Product[]): Map<number, Alternatives> {
  const keyed: Keyed[] = products.map((product) => {
    const salt = saltKey(product.salt);
    return { product, salt, molecule: moleculeKey(product.salt), group: `${salt}|${formKey(product.drug_form)}`, unit: unitPrice(product) };
  });
  const substituteGroups = groupBy(keyed, (entry) => entry.group);
  for (const group of substituteGroups.values()) {
    group.sort(
      (a, b) =>
        Number(isPurchasable(b.product)) - Number(isPurchasable(a.product)) ||
        a.unit.unitPaise - b.unit.unitPaise ||
        a.product.name.localeCompare(b.product.name),
    );
    // Only the first few of a group are ever listed (one more, for the product itself).
    group.length = Math.min(group.length, MAX_ALTERNATIVES + 1);
  }
  // Per salt: its strengths, each with its first few products.
  const strengths = new Map<string, Map<string, Product[]>>();
  for (const entry of keyed) {
    const bySalt = strengths.get(entry.molecule) ?? new Map<string, Product[]>();
    strengths.set(entry.molecule, bySalt);
    const list = bySalt.get(entry.salt) ?? [];
    bySalt.set(entry.salt, list);
    if (list.length < MAX_ALTERNATIVES) list.push(entry.product);
  }

  const result = new Map<number, Alternatives>();
  for (const { product, salt, molecule, group, unit: own } of keyed) {
    const substitutes = substituteGroups
      .get(group)!
      .filter((candidate) => candidate.product.id !== product.id)
      .slice(0, MAX_ALTERNATIVES)
      .map(({ product: candidate, unit: { unitPaise, unit } }) => {
        const comparable = unit === own.unit && own.unitPaise > 0;
        const savePercent = comparable ? Math.max(0, Math.floor(((own.unitPaise - unitPaise) * 100) / own.unitPaise)) : 0;
        return { product: candidate, unitPaise, unit, savePercent };
      });
    const otherStrengths: Product[] = [];
    for (const [strength, list] of strengths.get(molecule)!) {
      if (strength === salt) continue;
      otherStrengths.push(...list.slice(0, MAX_ALTERNATIVES - otherStrengths.length));
      if (otherStrengths.length >= MAX_ALTERNATIVES) break;
    }
    result.set(product.id, { substitutes, otherStrengths });
  }
  return result;
}
