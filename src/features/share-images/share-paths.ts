/** Where a page's share image is published: /og/<kind>/<slug>.jpg, written at build beside the page. */
export type SharedPageKind = 'products' | 'categories' | 'conditions' | 'offers';

export const shareImagePath = (kind: SharedPageKind, slug: string) => `/og/${kind}/${slug}.jpg`;

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Product share images are drawn at build up to this many products. Each costs 250-550 ms on the
 * 2-core machine shared with other builds (bench/share-images.ts), so 100,000 would add hours to a
 * build whose target is 300 s; a larger catalogue's product pages share the product's own photo
 * instead (category, condition and offer pages always get theirs: there are hundreds at most).
 */
export const PRODUCT_SHARE_IMAGES_UP_TO = 1_000;

export const productShareImagesAtBuild = (productCount: number) => productCount <= PRODUCT_SHARE_IMAGES_UP_TO;
