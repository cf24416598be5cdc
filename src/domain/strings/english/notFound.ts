/** The 'Page not found' page and the product pages that are no longer there (the heading is catalogue.productNotFound). */
export const notFound = {
  title: 'Page not found | MediKart',
  description: 'The page you are looking for does not exist.',
  heading: 'Oops! Page not found',
  home: 'Return to Home',
  productTitle: 'Product not found | MediKart',
  productDescription: 'The product you are looking for is not in our catalogue. Browse all products instead.',
  productHint: 'It may have been removed, or the link may be mistyped.',
  removedDescription: '{name} is no longer sold here. Substitutes with the same salts are listed.',
  removed: '{name} has been removed from our catalogue.',
} as const;
