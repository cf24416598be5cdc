/** The payment methods' names as the customer reads them. */
export const paymentMethods = {
  razorpay: 'Razorpay',
  phonepe: 'PhonePe',
  cod: 'Cash on delivery',
} as const;
