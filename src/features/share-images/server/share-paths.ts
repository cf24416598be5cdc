/**
 * Where a category, condition or offer page's share image is published: /og/<kind>/<slug>.jpg,
 * drawn at build beside the page (hundreds at most). Product pages' images are drawn on request
 * instead (productShareImagePath in share-cards.ts): 100,000 of them would cost the build hours.
 */
export type SharedPageKind = 'categories' | 'conditions' | 'offers';

export const shareImagePath = (kind: SharedPageKind, slug: string) => `/og/${kind}/${slug}.jpg`;

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
