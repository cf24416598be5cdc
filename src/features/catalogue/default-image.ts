/** The one placeholder shown when a product has no thumbnail at all (dependency-free: the cart imports it). */
export const DEFAULT_PRODUCT_IMAGE = '/images/placeholder/product-default.webp';
