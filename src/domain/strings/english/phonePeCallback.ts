/** The page PhonePe sends the customer back to (its sentences are the checkout section's). */
export const phonePeCallback = {
  title: 'Payment status | {site}',
  description: 'Checking your PhonePe payment.',
  heading: 'PhonePe payment',
} as const;
