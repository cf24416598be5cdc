import { formatRupees } from './money';

/** Every sentence the delivery check shows a customer. */
export const deliveryStrings = {
  invalidPinCode: 'Enter a valid 6-digit PIN code',
  notServiceable: (pinCode: string) => `We don't deliver to ${pinCode} yet`,
  deliveryBy: (when: string) => `Delivery by ${when}`,
  codNotForProduct: (productName: string) => `Cash on delivery is not available for ${productName}`,
  codNotInArea: 'Cash on delivery is not available at this PIN code',
  codAboveLimit: (limitPaise: number) => `Cash on delivery is available for orders up to ${formatRupees(limitPaise, 'sentence')}`,
} as const;
