/** What the product list's and the live stock's scripts write, and the card parts they fill. */
export const productList = {
  noMatchingProducts: 'No products found matching your search.',
  noProducts: 'No products available.',
  showing: 'Showing {shown} of {total} products',
  percentOff: '{percent}% off',
  onlyLeft: 'Only {count} left',
  imageUnavailable: '{name} (image unavailable)',
  rxRequired: 'Rx Required',
  soldOut: 'Sold Out',
  discontinued: 'Discontinued',
} as const;
