import type { CartLine } from '../../domain/cart-line';
import { cartLinesTotalPaise } from '../../domain/cart-total';
import { formatRupees } from '../../domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-methods';
import { productPath } from '../../domain/product';
import { notAvailableSentence, type Availability } from '../../domain/stock';
import { cartLineImage, stockImageFor } from './cart-line-image';
import { cart } from '../../domain/strings/english/cart';
import { cartControl } from '../../domain/strings/english/cartControl';
import { paymentMethods } from '../../domain/strings/english/paymentMethods';
import { productList } from '../../domain/strings/english/productList';
import { pageLocale, pagePathPrefix, pageText } from '../../lib/browser/page-text';
import { pathUnder } from '../../domain/strings/paths';
import { quantityStepperView } from './cart-control-markup';
import * as markup from './cart-view-markup';
import { availabilityOf, checkoutReadiness, unavailableLineLabel } from './line-availability';
import type { UnavailableMethods } from './payment-method';
import { CART_SCREEN_ATTRIBUTE, el, FALLBACK_SRC_ATTRIBUTE, TAP_KEY_ATTRIBUTE, type ViewElement } from './view-tree';

/*
 * The /cart page's screen, described once (view-tree.ts): its lines with their steppers, the order
 * summary and the checkout slot. The inline first paint and static-cart-view.ts draw it with the
 * DOM before React loads; CartPage draws it with React. No store here: the inline first paint
 * carries only this and the stored-cart reader.
 */

/** Everything the screen shows. */
export interface CartScreenState {
  lines: readonly CartLine[];
  gone: ReadonlySet<number>;
  /** Units left of the lines' stock-tracked products, once the cart has asked after load. */
  stock?: Availability;
  prescriptionLinks: Readonly<Record<string, string>>;
  method: PaymentMethod;
  /** The methods this build offers (the page's holder carries them for the first paint). */
  offered: readonly PaymentMethod[];
  /** Methods this order cannot use, each with the reason shown beside it. */
  unavailableMethods: UnavailableMethods;
  /** While set, the pay button shows it and is disabled, e.g. 'Processing Razorpay Payment...'. */
  busyLabel: string | null;
  /** Set while the order cannot be paid for (e.g. a PIN code we don't deliver to); the cart stays as it is. */
  paymentBlocked: boolean;
  /** A coupon the server quoted for these lines: its saving and the new total (never in the first paint). */
  coupon?: { code: string; discountPaise: number } | null;
}

/**
 * The page's words: English's sections, or the page's own language's (PageText) on a page in
 * another; and its addresses' prefix. Read at each drawing: the first paint runs before any store.
 */
const wordsOfPage = () => ({
  cart: pageText('cart', cart),
  control: pageText('cartControl', cartControl),
  list: pageText('productList', productList),
  methods: pageText('paymentMethods', paymentMethods),
  locale: pageLocale(),
  prefix: pagePathPrefix(),
});
type Words = ReturnType<typeof wordsOfPage>;

/** The slot React fills with the delivery details form, above the payment methods. */
export const DELIVERY_SLOT = 'delivery';

/*
 * Tap keys: what a tap on an element of the screen means, written on it (TAP_KEY_ATTRIBUTE) in every
 * drawing. The hand-overs find an element by its key, never by its place, and both drawings answer
 * a key the same way (cart-taps.ts). Links carry one too, so the focus finds its way across.
 */
export type LineTap = 'decrease' | 'increase' | 'remove' | 'upload' | 'name' | 'prescription';
export type ScreenTap = 'clear' | 'continue' | 'browse' | 'proceed';
export const lineKey = (tap: LineTap, productId: number) => `${tap}:${productId}`;
export const methodKey = (method: PaymentMethod) => `method:${method}`;

function stepper(line: CartLine, available: boolean, words: Words): ViewElement {
  const { product, quantity } = line;
  return quantityStepperView({
    text: words.control,
    productName: product.name,
    quantity,
    box: markup.LINE_STEPPER_BOX,
    hintId: markup.lineLimitHintId(product.id),
    increaseDisabled: !available,
    tapKeys: { decrease: lineKey('decrease', product.id), increase: lineKey('increase', product.id) },
  });
}

/** One cart line: thumbnail, name, price, quantity stepper, line total and remove. */
export function cartLineView(
  line: CartLine,
  gone: ReadonlySet<number>,
  prescriptionLinks: Readonly<Record<string, string>>,
  stock: Availability = {},
  words: Words = wordsOfPage(),
): ViewElement {
  const { product } = line;
  const text = words.cart;
  const id = product.id;
  const availability = availabilityOf(line, gone, stock);
  const left = stock[id];
  const available = availability === 'available';
  const link = line.prescriptionFileUrl ? prescriptionLinks[line.prescriptionFileUrl] : undefined;
  const discount = markup.lineDiscountText(line, words.list);
  const rx = product.requires_prescription;
  const view = el(
    'li',
    { class: markup.LINE_CLASS },
    el('img', {
      src: cartLineImage(product),
      [FALLBACK_SRC_ATTRIBUTE]: stockImageFor(id),
      alt: product.name,
      width: '80',
      height: '80',
      loading: 'lazy',
      class: markup.lineImageClass(available),
    }),
    el(
      'div',
      { class: markup.LINE_DETAILS_CLASS },
      el('a', { href: pathUnder(words.prefix, productPath(product)), [TAP_KEY_ATTRIBUTE]: lineKey('name', id), class: markup.LINE_NAME_CLASS }, product.name),
      el('p', { class: markup.LINE_MRP_CLASS }, markup.lineMrpText(line, text)),
      discount && el('p', { class: markup.LINE_DISCOUNT_CLASS }, discount),
      el(
        'div',
        { class: markup.LINE_BADGES_CLASS },
        rx && el('span', { class: markup.RX_BADGE_CLASS }, words.list.rxRequired),
        rx &&
          line.prescriptionAccepted &&
          el(
            'span',
            { class: markup.ATTACHED_BADGE_CLASS },
            link
              ? el(
                  'a',
                  { href: link, target: '_blank', rel: 'noopener noreferrer', [TAP_KEY_ATTRIBUTE]: lineKey('prescription', id), class: markup.ATTACHED_LINK_CLASS },
                  text.prescriptionAttached,
                )
              : text.prescriptionAttached,
          ),
        rx &&
          !line.prescriptionAccepted &&
          el(
            'button',
            {
              type: 'button',
              'aria-label': markup.lineUploadLabel(product.name, text),
              [TAP_KEY_ATTRIBUTE]: lineKey('upload', id),
              class: markup.LINE_UPLOAD_CLASS,
            },
            text.uploadPrescription,
          ),
        !available && el('span', { class: markup.UNAVAILABLE_BADGE_CLASS }, unavailableLineLabel(text)[availability]),
      ),
      // The payment functions refuse this line with the same sentence.
      left !== undefined && left < line.quantity && el('p', { class: markup.UNAVAILABLE_NOTICE_CLASS }, notAvailableSentence(product.name, left, text, words.locale)),
    ),
    el(
      'div',
      { class: markup.LINE_CONTROLS_CLASS },
      stepper(line, available, words),
      el('p', { class: markup.LINE_TOTAL_CLASS, 'aria-label': markup.lineTotalLabel(product.name, text) }, markup.lineTotalText(line)),
      el(
        'button',
        { type: 'button', 'aria-label': markup.removeLabel(product.name, text), [TAP_KEY_ATTRIBUTE]: lineKey('remove', id), class: markup.REMOVE_BUTTON_CLASS },
        text.remove,
      ),
    ),
  );
  view.key = String(id);
  return view;
}

/**
 * The boundary between the cart and the payment step: the delivery details (React's slot), the
 * payment method (hidden while prescriptions are pending) and the one button, whose disabled rule
 * is this one for every drawing.
 */
export function checkoutSlotView(state: CartScreenState, words: Words = wordsOfPage()): ViewElement {
  const { lines, gone, stock, method, offered, unavailableMethods, busyLabel, paymentBlocked } = state;
  const readiness = checkoutReadiness(lines, gone, stock);
  const pending = lines.some((line) => !line.prescriptionAccepted);
  const disabled = readiness === 'empty' || readiness === 'unavailable-lines' || busyLabel !== null || (!pending && paymentBlocked);
  return el(
    'div',
    { class: markup.CHECKOUT_SLOT_CLASS },
    { slot: DELIVERY_SLOT },
    !pending &&
      el(
        'fieldset',
        { class: markup.PAYMENT_FIELDSET_CLASS },
        el('legend', { class: markup.PAYMENT_LEGEND_CLASS }, words.cart.paymentLegend),
        ...PAYMENT_METHODS.filter((option) => offered.includes(option.value)).map((option) => {
          const unavailable = unavailableMethods[option.value];
          const label = el(
            'label',
            { class: markup.PAYMENT_OPTION_CLASS },
            el('input', {
              type: 'radio',
              name: markup.PAYMENT_RADIO_NAME,
              value: option.value,
              checked: method === option.value,
              disabled: Boolean(unavailable),
              'aria-describedby': unavailable ? markup.paymentReasonId(option.value) : null,
              [TAP_KEY_ATTRIBUTE]: methodKey(option.value),
              class: markup.PAYMENT_RADIO_CLASS,
            }),
            words.methods[option.value],
            unavailable && el('span', { id: markup.paymentReasonId(option.value), class: markup.PAYMENT_REASON_CLASS }, unavailable),
          );
          label.key = option.value;
          return label;
        }),
      ),
    el(
      'button',
      { type: 'button', disabled, [TAP_KEY_ATTRIBUTE]: 'proceed' satisfies ScreenTap, class: markup.PROCEED_BUTTON_CLASS },
      busyLabel ?? (pending ? words.cart.uploadPrescription : words.cart.proceedToPay),
    ),
  );
}

function summaryView(state: CartScreenState, words: Words): ViewElement {
  const text = words.cart;
  const { lines, gone, stock } = state;
  const readiness = checkoutReadiness(lines, gone, stock);
  const pending = lines.some((line) => !line.prescriptionAccepted);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalPaise = cartLinesTotalPaise(lines);
  const { coupon } = state;
  const total = formatRupees(subtotalPaise - (coupon?.discountPaise ?? 0));
  return el(
    'section',
    { 'aria-labelledby': markup.SUMMARY_HEADING_ID, class: markup.SUMMARY_CLASS },
    el('h2', { id: markup.SUMMARY_HEADING_ID, class: markup.SUMMARY_HEADING_CLASS }, text.orderSummary),
    el(
      'dl',
      { class: markup.SUMMARY_LIST_CLASS },
      el('div', { class: markup.SUMMARY_ROW_CLASS }, el('dt', {}, markup.subtotalLabel(units, text, words.locale)), el('dd', {}, formatRupees(subtotalPaise))),
      coupon &&
        el(
          'div',
          { class: markup.SUMMARY_ROW_CLASS, 'data-testid': 'summary-coupon' },
          el('dt', {}, markup.couponLabel(coupon.code, text)),
          el('dd', { class: markup.COUPON_SAVING_CLASS }, `−${formatRupees(coupon.discountPaise)}`),
        ),
      el('div', { class: markup.SUMMARY_ROW_CLASS }, el('dt', {}, text.deliveryFee), el('dd', { class: markup.DELIVERY_FEE_CLASS }, text.deliveryFree)),
      el('div', { class: markup.SUMMARY_TOTAL_ROW_CLASS }, el('dt', {}, text.total), el('dd', {}, total)),
    ),
    el('p', { class: markup.ESTIMATE_CLASS }, text.estimatedDelivery),
    readiness === 'unavailable-lines' && el('p', { class: markup.UNAVAILABLE_NOTICE_CLASS }, text.unavailableLinesNotice),
    pending && el('p', { class: markup.PENDING_NOTICE_CLASS }, text.prescriptionPendingNotice),
    checkoutSlotView(state, words),
  );
}

/** The whole screen: the empty cart, or the lines beside the order summary. */
export function cartScreenView(state: CartScreenState): ViewElement {
  const words = wordsOfPage();
  const text = words.cart;
  const screenMark = { [CART_SCREEN_ATTRIBUTE]: true };
  if (state.lines.length === 0) {
    return el(
      'div',
      { ...screenMark, class: markup.EMPTY_CART_CLASS },
      el('p', { class: markup.EMPTY_CART_TITLE_CLASS }, text.emptyCart),
      el('p', { class: markup.EMPTY_CART_HINT_CLASS }, text.emptyCartHint),
      el('a', { href: `${words.prefix}/products`, [TAP_KEY_ATTRIBUTE]: 'browse' satisfies ScreenTap, class: markup.BROWSE_LINK_CLASS }, text.browseProducts),
    );
  }
  return el(
    'div',
    { ...screenMark, class: markup.CART_GRID_CLASS },
    el(
      'section',
      { 'aria-label': text.linesSection, class: markup.LINES_SECTION_CLASS },
      el('ul', { class: markup.LINES_LIST_CLASS }, ...state.lines.map((line) => cartLineView(line, state.gone, state.prescriptionLinks, state.stock, words))),
      el(
        'div',
        { class: markup.LINES_ACTIONS_CLASS },
        el('a', { href: `${words.prefix}/products`, [TAP_KEY_ATTRIBUTE]: 'continue' satisfies ScreenTap, class: markup.CONTINUE_LINK_CLASS }, text.continueShopping),
        el('button', { type: 'button', [TAP_KEY_ATTRIBUTE]: 'clear' satisfies ScreenTap, class: markup.CLEAR_BUTTON_CLASS }, text.clearCart),
      ),
    ),
    summaryView(state, words),
  );
}
