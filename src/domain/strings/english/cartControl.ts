export const cartControl = {
  add: 'Add',
  addToCart: 'Add to Cart',
  decrease: 'Decrease quantity of {name}',
  increase: 'Increase quantity of {name}',
  quantity: 'Quantity of {name}',
  quantityIs: 'Quantity of {name}: {quantity}',
  maxHint: 'Maximum {max} per order',
} as const;
