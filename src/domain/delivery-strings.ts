/**
 * Rupees in a sentence: whole rupees without ".00" (₹5,000), otherwise with paise (₹4,999.50).
 * Kept here rather than in the money module so these strings depend on nothing else.
 */
function rupeesInSentence(paise: number): string {
  const wholeRupees = paise % 100 === 0;
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: wholeRupees ? 0 : 2,
    maximumFractionDigits: wholeRupees ? 0 : 2,
  }).format(paise / 100);
}

/** Every sentence the delivery check shows a customer. */
export const deliveryStrings = {
  invalidPinCode: 'Enter a valid 6-digit PIN code',
  notServiceable: (pinCode: string) => `We don't deliver to ${pinCode} yet`,
  deliveryBy: (when: string) => `Delivery by ${when}`,
  codNotForProduct: (productName: string) => `Cash on delivery is not available for ${productName}`,
  codNotInArea: 'Cash on delivery is not available at this PIN code',
  codAboveLimit: (limitPaise: number) => `Cash on delivery is available for orders up to ${rupeesInSentence(limitPaise)}`,
} as const;
