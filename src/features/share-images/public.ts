/**
 * Share images (Open Graph) of the pages marketing links to: drawn by Node only (WebAssembly), at build
 * for categories, conditions and offers, on request for products (server/product-share-image.ts).
 */
export { SHARE_IMAGE_SIZE, shareImagePath, type SharedPageKind } from './server/share-paths';
export { productShareFacts, productShareImagePath } from './server/share-cards';
