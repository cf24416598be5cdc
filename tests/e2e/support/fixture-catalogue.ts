/**
 * The catalogue the suite builds and runs against (tests/fixtures/catalogue, chosen with
 * CATALOGUE_DIR by scripts/test.sh), read through the same builder the pages use. Specs take every
 * expected name, price and total from here, so a content editor's change to content/catalogue never
 * reaches them, and a change to the fixture moves the expectations with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildCatalogue } from '../../../src/features/catalogue/product-from-record';
import { sellingPricePaise, type PriceSource } from '../../../src/domain/selling-price';
import { toCartProduct, type CartProduct, type Product as DisplayProduct } from '../../../src/domain/product';

export const FIXTURE_CATALOGUE = 'tests/fixtures/catalogue';

const directory = path.resolve(import.meta.dirname, '../../fixtures/catalogue');
const products = buildCatalogue(
  readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ source: path.join(directory, file), raw: JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as unknown })),
);

/** The fixture's product with this id, as the pages show it. */
export function fixtureProduct(id: number): DisplayProduct {
  const product = products.find((candidate) => candidate.id === id);
  if (!product) throw new Error(`${FIXTURE_CATALOGUE} has no product ${id}`);
  return product;
}

/** The fixture's product with this id, as a cart line keeps it. */
export function fixtureCartProduct(id: number): CartProduct {
  return toCartProduct(fixtureProduct(id));
}

/** The fixture's products that pass the filter, in the fixture's order. */
export const fixtureProducts = (filter: (product: DisplayProduct) => boolean): DisplayProduct[] => products.filter(filter);

/** Every product name in the fixture. */
export const fixtureNames = (filter: (product: DisplayProduct) => boolean = () => true): string[] =>
  products.filter(filter).map((product) => product.name);

/** Rupees as the store prints them: rupee sign, Indian digit grouping, two decimals (₹1,019.00). */
export function rupees(amount: number): string {
  const [whole, fraction] = (Math.round(amount * 100) / 100).toFixed(2).split('.') as [string, string];
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${lastThree}` : lastThree}.${fraction}`;
}

/** The price a product is sold and charged at, in rupees: its current price when below MRP. */
export const sellingPrice = (product: PriceSource): number => sellingPricePaise(product) / 100;

/** A sum of selling price × quantity lines in rupees, added in whole paise as the cart does. */
export function totalOf(lines: Array<[product: PriceSource, quantity: number]>): number {
  return lines.reduce((paise, [product, quantity]) => paise + sellingPricePaise(product) * quantity, 0) / 100;
}
