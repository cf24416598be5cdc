import { order as englishOrder } from './strings/english/order';

/** The sentences of the order pages and functions, in one place (the strings tables) so page, function and tests agree. */
const text = englishOrder;
export const orderStrings = {
  notFound: text.notFound,
  cannotShow: text.cannotShow,
  signInToSee: text.signInToSee,
  shippedCannotCancel: text.shippedCannotCancel,
  cannotCancel: text.cannotCancel,
  cancelled: text.cancelled,
  cancelFailed: text.cancelFailed,
  loadFailed: text.loadFailed,
  returnsPolicyPath: '/returns-policy',
} as const;
