/** The sentences of the order pages and functions, in one place so page, function and tests agree. */
export const orderStrings = {
  notFound: 'Order not found',
  cannotShow: 'This order cannot be shown',
  signInToSee: 'Sign in with the account that placed it, or open the link from your order mail.',
  shippedCannotCancel: 'This order has been shipped, so it can no longer be cancelled. You can return it under our returns policy once it arrives.',
  cannotCancel: 'You cannot cancel this order.',
  cancelled: 'Your order is cancelled.',
  cancelFailed: 'We could not cancel your order. Please try again.',
  loadFailed: 'We could not load your order. Please check your connection and reload the page.',
  returnsPolicyPath: '/returns-policy',
} as const;
