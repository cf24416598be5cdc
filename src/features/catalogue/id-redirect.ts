import { type Product, productPath, productSegment } from '../../domain/product';
import type { ProductPathsById } from './server/product-by-id';

/** Products whose page lives under their slug, so /products/<id> has to send the customer on. */
export function productsNeedingIdRedirect(products: readonly Product[]): Product[] {
  return products.filter((product) => productSegment(product) !== String(product.id));
}

/** What the /products/<id> function (server/product-by-id.ts) sends each id on to. */
export function productPathsById(products: readonly Product[]): ProductPathsById {
  return Object.fromEntries(productsNeedingIdRedirect(products).map((product) => [String(product.id), productPath(product)]));
}
