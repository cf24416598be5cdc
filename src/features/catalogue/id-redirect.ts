import { type Product, productPath, productSegment } from '../../domain/product';
import { SITE_NAME } from '../../lib/site';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Products whose page lives under their slug, so /products/<id> has to send the customer on. */
export function productsNeedingIdRedirect(products: readonly Product[]): Product[] {
  return products.filter((product) => productSegment(product) !== String(product.id));
}

/**
 * The page at /products/<id>: a few hundred bytes that send the customer to the slug URL, instead
 * of a second copy of the product page.
 */
export function idRedirectHtml(product: Pick<Product, 'id' | 'slug' | 'name'>, site: URL): string {
  const path = escapeHtml(productPath(product));
  const canonical = escapeHtml(new URL(productPath(product), site).href);
  const name = escapeHtml(product.name);
  return (
    '<!doctype html><html lang="en-IN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${name} | ${SITE_NAME}</title><meta http-equiv="refresh" content="0;url=${path}">` +
    `<link rel="canonical" href="${canonical}"><meta name="robots" content="noindex"></head>` +
    `<body><a href="${path}">Go to ${name}</a></body></html>\n`
  );
}
