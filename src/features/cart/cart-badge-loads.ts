/**
 * What the header's cart badge loads on demand, in one module of its own. Imported dynamically from
 * the cart's group of modules (astro.config.mjs) directly, each of stored-cart.ts and cart-store.ts
 * would need a namespace object inside that chunk, and so rolldown's runtime helpers (0.4 KB gzip)
 * on every product and list page before the first tap; through this module's chunk, plain exports.
 */
export { decodeCart } from '../../domain/stored-cart';
export { $cart, cartLineCount } from './cart-store';
