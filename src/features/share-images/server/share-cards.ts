import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShareCardFacts } from '../../../domain/catalogue-shards';
import { formatRupees } from '../../../domain/money';
import { DEFAULT_PRODUCT_IMAGE, type Product } from '../../../domain/product';
import { discountLabel, sellingPricePaise } from '../../../domain/selling-price';
import type { ShareCard } from './share-image';

/** A site path under public/ as a file the build can read (pictures are published from public/). */
export const publicFile = (sitePath: string) => path.join(process.cwd(), 'public', sitePath.replace(/^\/+/, ''));

/** A picture the build publishes, read from public/; null when the file is missing (the panel stays plain). */
export async function readPublicPicture(sitePath: string | null): Promise<Buffer | null> {
  if (!sitePath) return null;
  const file = publicFile(sitePath);
  return existsSync(file) ? readFile(file) : null;
}

/** What a product's share image shows, taken from the product (the build writes these to the share-cards shards). */
export function productShareFacts(product: Product): ShareCardFacts {
  return {
    id: product.id,
    name: product.name,
    pack: product.quantity,
    marketer: product.marketer,
    category: product.category,
    requiresPrescription: product.requires_prescription,
    mrpPaise: product.mrp_paise,
    sellingPaise: sellingPricePaise(product),
    picture: product.images[0] ?? product.thumbnail_image ?? DEFAULT_PRODUCT_IMAGE,
  };
}

/** A product's share card: its photo, name, pack and the price it sells at (MRP struck through when lower). */
export function productShareCard(facts: ShareCardFacts): ShareCard {
  const off = discountLabel({ mrp_paise: facts.mrpPaise, current_price_paise: facts.sellingPaise });
  return {
    eyebrow: facts.requiresPrescription ? 'Prescription medicine' : facts.category,
    title: facts.name,
    details: [facts.pack, facts.marketer ? `by ${facts.marketer}` : ''].filter(Boolean),
    price: { selling: formatRupees(facts.sellingPaise), ...(off ? { mrp: formatRupees(facts.mrpPaise), off } : {}) },
    picture: facts.picture,
  };
}

/**
 * Changed whenever the drawing changes (layout, fonts, colours, JPEG quality): it is part of every
 * product image's hash, so a new drawing gets new addresses and no cache keeps serving the old one.
 */
// 2: drawn with resvg, libwebp's decoder and jpeg-js instead of sharp (slightly different pixels).
export const SHARE_CARD_DESIGN = 2;

/** 12 hex digits (48 bits) of SHA-256 over everything a card shows and the drawing's version. */
export function shareCardHash(card: ShareCard): string {
  return createHash('sha256').update(JSON.stringify([SHARE_CARD_DESIGN, card])).digest('hex').slice(0, 12);
}

const PRODUCT_SHARE_IMAGE_DIR = '/og/products/';
const PRODUCT_SHARE_IMAGE_FILE = /^([1-9]\d{0,9})-([0-9a-f]{12})\.jpg$/;

/**
 * Where a product page's share image is drawn on request (netlify/functions/og-product-image.mts):
 * /og/products/<id>-<hash>.jpg. The hash names what the image shows, so a new price, name, pack or
 * picture is a new address, and each address can be cached for good.
 */
export function productShareImagePath(facts: ShareCardFacts): string {
  return `${PRODUCT_SHARE_IMAGE_DIR}${facts.id}-${shareCardHash(productShareCard(facts))}.jpg`;
}

/** The product id and hash of a product share image's address, or null when the path is not one. */
export function parseProductShareImagePath(pathname: string): { id: number; hash: string } | null {
  if (!pathname.startsWith(PRODUCT_SHARE_IMAGE_DIR)) return null;
  const match = PRODUCT_SHARE_IMAGE_FILE.exec(pathname.slice(PRODUCT_SHARE_IMAGE_DIR.length));
  return match ? { id: Number(match[1]), hash: match[2]! } : null;
}
