import type { PathRow } from '../../domain/catalogue-shards';
import { type Product, productPath, productSegment } from '../../domain/product';

/** Products whose page lives under their slug, so /products/<id> has to send the customer on. */
export function productsNeedingIdRedirect(products: readonly Product[]): Product[] {
  return products.filter((product) => productSegment(product) !== String(product.id));
}

/** What the /products/<id> function (server/product-by-id.ts) sends each id on to. */
export function productPathsById(products: readonly Product[]): PathRow[] {
  return productsNeedingIdRedirect(products).map((product) => [product.id, productPath(product)]);
}
