/**
 * The proceed button's text while a payment works. Apart from checkout-strings.ts: the cart shows
 * these from its first paint, the other payment strings load with the payment step.
 */
const METHOD_LABELS = { razorpay: 'Razorpay', phonepe: 'PhonePe' } as const;
export const PLACING_COD_ORDER = 'Placing your order...';
export const processingLabel = (method: keyof typeof METHOD_LABELS | 'cod') =>
  method === 'cod' ? PLACING_COD_ORDER : `Processing ${METHOD_LABELS[method]} Payment...`;
