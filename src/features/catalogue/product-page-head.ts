import { productPath, type Product } from '../../domain/product';
import { formatRupees } from '../../domain/money';
import { discountLabel, sellingPricePaise } from '../../domain/selling-price';
import { productShareFacts, productShareImagePath, SHARE_IMAGE_SIZE } from '../share-images/public';
import { productJsonLd } from './product-json-ld';
import { catalogue } from '../../domain/strings/english/catalogue';
import { productList } from '../../domain/strings/english/productList';
import { fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';

/** What a product page's layout carries in its head: title, description, canonical address, share image and the Product JSON-LD. */
export function productPageHead(product: Product, site: URL, text: Pick<StringTable, 'catalogue' | 'productList'> = { catalogue, productList }) {
  const sellingPrice = formatRupees(sellingPricePaise(product));
  const discount = discountLabel(product, text.productList);
  const values = { name: product.name, category: product.category, marketer: product.marketer, quantity: product.quantity, price: sellingPrice };
  const discountText = discount ? fill(text.catalogue.productDescriptionDiscount, { discount, mrp: formatRupees(product.mrp_paise) }) : '';
  return {
    title: fill(text.catalogue.productTitle, values),
    description: `${fill(text.catalogue.productDescription, values)}${discountText}. ${product.description}`.slice(0, 300),
    canonicalPath: productPath(product),
    ogImage: productShareImagePath(productShareFacts(product)),
    ogImageSize: SHARE_IMAGE_SIZE,
    ogType: 'product' as const,
    jsonLd: productJsonLd(product, site),
  };
}
