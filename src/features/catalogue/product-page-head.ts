import { productPath, type Product } from '../../domain/product';
import { formatRupees } from '../../domain/money';
import { discountLabel, sellingPricePaise } from '../../domain/selling-price';
import { productShareFacts, productShareImagePath, SHARE_IMAGE_SIZE } from '../share-images/public';
import { productJsonLd } from './product-json-ld';

/** What a product page's layout carries in its head: title, description, canonical address, share image and the Product JSON-LD. */
export function productPageHead(product: Product, site: URL) {
  const sellingPrice = formatRupees(sellingPricePaise(product));
  const discount = discountLabel(product);
  return {
    title: `${product.name} | ${product.category} | MediKart`,
    description: `${product.name} by ${product.marketer}: ${product.quantity}, ${sellingPrice}${discount ? ` (${discount} MRP ${formatRupees(product.mrp_paise)})` : ''}. ${product.description}`.slice(0, 300),
    canonicalPath: productPath(product),
    ogImage: productShareImagePath(productShareFacts(product)),
    ogImageSize: SHARE_IMAGE_SIZE,
    ogType: 'product' as const,
    jsonLd: productJsonLd(product, site),
  };
}
