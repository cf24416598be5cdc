import path from 'node:path';
import { formatRupees } from '../../domain/money';
import { DEFAULT_PRODUCT_IMAGE, type Product } from '../../domain/product';
import { discountLabel, sellingPricePaise } from '../../domain/selling-price';
import type { ShareCard } from './share-image';

/** A site path under public/ as a file the build can read (pictures are published from public/). */
export const publicFile = (sitePath: string) => path.join(process.cwd(), 'public', sitePath.replace(/^\/+/, ''));

/** A product's share card: its photo, name, pack and the price it sells at (MRP struck through when lower). */
export function productShareCard(product: Product): ShareCard {
  const selling = sellingPricePaise(product);
  const off = discountLabel(product);
  const picture = product.images[0] ?? product.thumbnail_image ?? DEFAULT_PRODUCT_IMAGE;
  return {
    eyebrow: product.requires_prescription ? 'Prescription medicine' : product.category,
    title: product.name,
    details: [product.quantity, product.marketer ? `by ${product.marketer}` : ''].filter(Boolean),
    price: { selling: formatRupees(selling), ...(off ? { mrp: formatRupees(product.mrp_paise), off } : {}) },
    picture: publicFile(picture),
  };
}
