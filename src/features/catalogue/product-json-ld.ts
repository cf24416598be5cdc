import { type Product, productPath } from '../../domain/product';
import type { SaleState } from '../../domain/sale-state';
import { rupeesText } from '../../domain/money';
import { sellingPricePaise } from '../../domain/selling-price';

const AVAILABILITY: Record<SaleState, string> = {
  'ADD TO CART': 'https://schema.org/InStock',
  'SOLD OUT': 'https://schema.org/OutOfStock',
  DISCONTINUED: 'https://schema.org/Discontinued',
};

/** schema.org Product markup, escaped so it is safe inside a <script> element. */
export function productJsonLd(product: Product, site: URL): string {
  const url = new URL(productPath(product), site).href;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    description: product.description,
    image: product.images.map((image) => new URL(image, site).href),
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: rupeesText(sellingPricePaise(product)),
      availability: AVAILABILITY[product.sale_state],
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
