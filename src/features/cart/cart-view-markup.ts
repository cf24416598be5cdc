import { formatRupees } from '../../domain/money';
import { lineTotalPaise } from '../../domain/cart-total';
import { discountLabel, sellingPricePaise } from '../../domain/selling-price';
import type { CartLine } from './cart-store';
import { cart as englishCart } from '../../domain/strings/english/cart';
import { productList as englishList } from '../../domain/strings/english/productList';
import { countText, fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';

type CartText = StringTable['cart'];

/*
 * The classes and texts of the /cart page's screen, which cart-screen-view.ts describes once for
 * the first screen and for the React island.
 */

export const EMPTY_CART_CLASS = 'flex flex-col items-center gap-4 py-16 text-center';
export const EMPTY_CART_TITLE_CLASS = 'text-lg font-semibold text-gray-900';
export const EMPTY_CART_HINT_CLASS = 'text-gray-600';
export const BROWSE_LINK_CLASS = 'rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800';

export const CART_GRID_CLASS = 'grid gap-8 lg:grid-cols-3';
export const LINES_SECTION_CLASS = 'lg:col-span-2';
export const LINES_LIST_CLASS = 'divide-y divide-gray-200 border-y border-gray-200';
export const LINES_ACTIONS_CLASS = 'mt-4 flex flex-wrap justify-between gap-3';
export const CONTINUE_LINK_CLASS = 'rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50';
export const CLEAR_BUTTON_CLASS = 'rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50';

// On a phone the thumbnail and name share the first row, the stepper, total and Remove the second,
// so the name never competes with the stepper for width; from sm on, one row.
export const LINE_CLASS = 'grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-x-4 gap-y-3 py-4 sm:flex sm:gap-4';
export const lineImageClass = (available: boolean) =>
  `h-20 w-20 shrink-0 rounded-lg border border-gray-200 bg-gray-50 object-cover ${available ? '' : 'opacity-50'}`;
export const LINE_DETAILS_CLASS = 'min-w-0 sm:flex-1';
export const LINE_NAME_CLASS = 'font-semibold text-gray-900 hover:text-brand-700 hover:underline';
export const LINE_MRP_CLASS = 'text-sm text-gray-600';
export const LINE_DISCOUNT_CLASS = 'text-sm font-semibold text-brand-800';
export const LINE_BADGES_CLASS = 'mt-1 flex flex-wrap gap-2 text-xs font-semibold';
export const RX_BADGE_CLASS = 'rounded-full bg-red-100 px-2 py-0.5 text-red-700';
export const ATTACHED_BADGE_CLASS = 'rounded-full bg-brand-100 px-2 py-0.5 text-brand-800';
export const ATTACHED_LINK_CLASS = 'underline';
export const LINE_UPLOAD_CLASS = 'rounded-full border border-amber-600 px-2 py-0.5 text-amber-900 hover:bg-amber-50';
export const UNAVAILABLE_BADGE_CLASS = 'rounded-full bg-gray-800 px-2 py-0.5 text-white';
export const LINE_CONTROLS_CLASS = 'col-span-2 flex items-center justify-between gap-3 sm:contents';
/** 36px buttons either side of a 40px quantity, inside the 1px border. */
export const LINE_STEPPER_BOX = 'h-9.5 w-28.5';
export const LINE_TOTAL_CLASS = 'text-right font-semibold text-gray-900 sm:w-28';
export const REMOVE_BUTTON_CLASS = 'text-sm font-medium text-red-700 hover:underline';

export const SUMMARY_CLASS = 'h-fit space-y-4 rounded-xl border border-gray-200 bg-gray-50 p-6';
export const SUMMARY_HEADING_ID = 'order-summary-heading';
export const SUMMARY_HEADING_CLASS = 'text-lg font-semibold text-gray-900';
export const SUMMARY_LIST_CLASS = 'space-y-2 text-sm';
export const SUMMARY_ROW_CLASS = 'flex justify-between';
export const SUMMARY_TOTAL_ROW_CLASS = 'flex justify-between border-t border-gray-300 pt-2 text-base font-semibold';
export const DELIVERY_FEE_CLASS = 'font-semibold text-brand-700';
export const ESTIMATE_CLASS = 'text-sm text-gray-600';
export const UNAVAILABLE_NOTICE_CLASS = 'text-sm font-medium text-red-700';
export const PENDING_NOTICE_CLASS = 'text-sm font-medium text-amber-800';

export const CHECKOUT_SLOT_CLASS = 'space-y-4';
export const PAYMENT_FIELDSET_CLASS = 'space-y-2';
export const PAYMENT_LEGEND_CLASS = 'mb-2 text-sm font-semibold text-gray-900';
export const PAYMENT_OPTION_CLASS =
  'flex cursor-pointer flex-wrap items-center gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:text-gray-500';
export const PAYMENT_RADIO_NAME = 'payment-method';
export const PAYMENT_RADIO_CLASS = 'accent-brand-700';
export const PAYMENT_REASON_CLASS = 'basis-full text-xs text-gray-600';
export const paymentReasonId = (method: string) => `payment-method-${method}-reason`;
export const PROCEED_BUTTON_CLASS =
  'w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600';

// 'en-IN' unless told: English's one/other rule; a page in another language passes its own table and locale.
export const subtotalLabel = (units: number, text: CartText = englishCart, locale = 'en-IN') => countText(text.subtotal, units, locale);
export const lineUploadLabel = (productName: string, text: CartText = englishCart) => fill(text.lineUpload, { name: productName });
export const lineTotalLabel = (productName: string, text: CartText = englishCart) => fill(text.lineTotal, { name: productName });
export const removeLabel = (productName: string, text: CartText = englishCart) => fill(text.removeLine, { name: productName });
/** The limit hint's id on a cart line's plus button: stable, so the static and the React markup agree. */
export const lineLimitHintId = (productId: number) => `cart-line-limit-${productId}`;

export const lineMrpText = (line: CartLine, text: CartText = englishCart) => fill(text.lineMrp, { price: formatRupees(line.product.mrp_paise) });

/** '₹31.05 · 10% off' under the MRP when the line sells below it; null otherwise. */
export function lineDiscountText(line: CartLine, text: Pick<StringTable['productList'], 'percentOff'> = englishList): string | null {
  const label = discountLabel(line.product, text);
  return label ? `${formatRupees(sellingPricePaise(line.product))} · ${label}` : null;
}

export const lineTotalText = (line: CartLine) =>
  formatRupees(lineTotalPaise({ mrp_paise: line.product.mrp_paise, current_price_paise: line.product.current_price_paise, quantity: line.quantity }));

/** The order summary's coupon row: the code and its saving (only after the server quoted it). */
export const couponLabel = (code: string, text: CartText = englishCart) => fill(text.coupon, { code });
export const COUPON_SAVING_CLASS = 'font-semibold text-brand-700';
