import { formatRupees } from './money';
import { delivery as englishDelivery } from './strings/english/delivery';
import { fill } from './strings/format';
import type { StringTable } from './strings/table';

/** Every sentence the delivery check shows a customer, in a language (the text is in the strings tables). */
export const deliveryStringsIn = (text: StringTable['delivery']) =>
  ({
    invalidPinCode: text.invalidPinCode,
    notServiceable: (pinCode: string) => fill(text.notServiceable, { pinCode }),
    deliveryBy: (when: string) => fill(text.deliveryBy, { when }),
    codNotForProduct: (productName: string) => fill(text.codNotForProduct, { productName }),
    codNotInArea: text.codNotInArea,
    checkingPinCode: (pinCode: string) => fill(text.checkingPinCode, { pinCode }),
    checkUnavailable: (pinCode: string) => fill(text.checkUnavailable, { pinCode }),
    codAboveLimit: (limitPaise: number) => fill(text.codAboveLimit, { limit: formatRupees(limitPaise, 'sentence') }),
    codNeedsPinCode: text.codNeedsPinCode,
  }) as const;

export const deliveryStrings = /* @__PURE__ */ deliveryStringsIn(englishDelivery);
