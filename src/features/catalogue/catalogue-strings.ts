import type { SaleState } from '../../domain/sale-state';
import { catalogue as englishCatalogue } from '../../domain/strings/english/catalogue';
import type { StringTable } from '../../domain/strings/table';

/** Customer-facing catalogue strings printed by more than one page or component, from the strings tables. */
const text = englishCatalogue;
export const PRODUCT_NOT_FOUND = text.productNotFound;

/** The notice on a product that cannot be bought, in a language. */
export const unavailableNotice = (catalogue: StringTable['catalogue']): Record<Exclude<SaleState, 'ADD TO CART'>, string> => ({
  'SOLD OUT': catalogue.soldOutNotice,
  DISCONTINUED: catalogue.discontinuedNotice,
});

export const UNAVAILABLE_NOTICE = /* @__PURE__ */ unavailableNotice(text);

/** "Notify me" on a sold-out product. */
export const NOTIFY_SAVED = text.notifySaved;
export const NOTIFY_INVALID_EMAIL = text.notifyInvalidEmail;
export const NOTIFY_FAILED = text.notifyFailed;
