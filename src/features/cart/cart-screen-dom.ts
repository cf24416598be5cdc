import { cartLinesTotalPaise, MAX_QUANTITY_PER_LINE, type CartLine } from '@/domain/cart-line';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '@/domain/payment-methods';
import { productPath, RX_REQUIRED } from '@/domain/product';
import { cartLineImage, stockImageFor } from './cart-line-image';
import {
  BROWSE_PRODUCTS,
  CLEAR_CART,
  CONTINUE_SHOPPING,
  DELIVERY_FREE,
  EMPTY_CART,
  ESTIMATED_DELIVERY,
  ORDER_SUMMARY,
  PRESCRIPTION_ATTACHED,
  PRESCRIPTION_PENDING_NOTICE,
  PROCEED_TO_PAY,
  UNAVAILABLE_LINES_NOTICE,
  UPLOAD_PRESCRIPTION,
} from './cart-strings';
import { decreaseLabel, increaseLabel, MAX_QUANTITY_HINT, QUANTITY_CLASS, quantityLabel, STEP_BUTTON_CLASS, STEPPER_CLASS } from './cart-control-markup';
import * as markup from './cart-view-markup';
import { availabilityOf, checkoutReadiness, UNAVAILABLE_LINE_LABEL } from './line-availability';
import type { UnavailableMethods } from './payment-method';

/*
 * The /cart page's screen built with the DOM alone, the same DOM CartPage renders (both take their
 * classes and texts from cart-view-markup.ts): drawn by cart-first-paint.ts inline as the page is
 * parsed, so its first paint shows the lines, and by static-cart-view.ts until React takes over.
 * No store here: the inline first paint carries only this and the stored-cart reader.
 */

type Child = Node | string | null | undefined | false;

/** Builds one element: string attributes, `true` for a bare attribute; false, null and undefined are left out. */
function h(tag: string, attributes: Record<string, string | boolean | undefined | null>, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children.filter((child): child is Node | string => typeof child === 'string' || child instanceof Node));
  return element;
}

/** What the first screen's own controls do: store writes (static-cart-view.ts), or nothing while only painted. */
export interface CartScreenActions {
  setQuantity(productId: number, quantity: number): void;
  remove(productId: number): void;
  clear(): void;
}

/** What a tap on a drawn element does; the element's own action, or null for taps React must answer. */
const tapActions = new WeakMap<Element, (() => void) | null>();
function on<E extends Element>(element: E, action: (() => void) | null): E {
  tapActions.set(element, action);
  return element;
}

/** The drawn element a tap on `target` belongs to, with its action (null: React must answer it); undefined for anything else. */
export function tapActionOf(target: Element): { element: Element; action: (() => void) | null } | undefined {
  const element = target.closest('a, button');
  return element && tapActions.has(element) ? { element, action: tapActions.get(element)! } : undefined;
}

/** Everything the first screen shows, read from the stores (or, at first paint, from storage alone). */
export interface CartScreenState {
  lines: readonly CartLine[];
  gone: ReadonlySet<number>;
  prescriptionLinks: Readonly<Record<string, string>>;
  method: PaymentMethod;
  /** The methods this build offers (the page's holder carries them for the first paint). */
  offered: readonly PaymentMethod[];
  unavailableMethods: UnavailableMethods;
}

function stepper(line: CartLine, available: boolean, actions: CartScreenActions): HTMLElement {
  const { product, quantity } = line;
  const atLimit = quantity >= MAX_QUANTITY_PER_LINE;
  const hintId = markup.lineLimitHintId(product.id);
  return h(
    'div',
    { class: `${markup.LINE_STEPPER_BOX} ${STEPPER_CLASS}` },
    on(
      h('button', { type: 'button', 'aria-label': decreaseLabel(product.name), 'data-cart-action': 'decrease', class: STEP_BUTTON_CLASS }, '−'),
      () => actions.setQuantity(product.id, quantity - 1),
    ),
    h('output', { 'aria-label': quantityLabel(product.name, quantity, false), class: QUANTITY_CLASS }, String(quantity)),
    on(
      h(
        'button',
        {
          type: 'button',
          'aria-label': increaseLabel(product.name),
          'data-cart-action': 'increase',
          disabled: !available || atLimit,
          'aria-describedby': atLimit ? hintId : null,
          title: atLimit ? MAX_QUANTITY_HINT : null,
          class: STEP_BUTTON_CLASS,
        },
        '+',
      ),
      () => actions.setQuantity(product.id, quantity + 1),
    ),
    atLimit && h('span', { id: hintId, class: 'sr-only' }, MAX_QUANTITY_HINT),
  );
}

function lineRow(line: CartLine, { gone, prescriptionLinks }: CartScreenState, actions: CartScreenActions): HTMLElement {
  const { product } = line;
  const availability = availabilityOf(line, gone);
  const available = availability === 'available';
  const stockImage = stockImageFor(product.id);
  const image = h('img', { src: cartLineImage(product), alt: product.name, width: '80', height: '80', loading: 'lazy', class: markup.lineImageClass(available) });
  image.addEventListener('error', () => {
    if (image.getAttribute('src') !== stockImage) image.setAttribute('src', stockImage);
  });
  const link = line.prescriptionFileUrl ? prescriptionLinks[line.prescriptionFileUrl] : undefined;
  const discount = markup.lineDiscountText(line);
  return h(
    'li',
    { class: markup.LINE_CLASS },
    image,
    h(
      'div',
      { class: markup.LINE_DETAILS_CLASS },
      h('a', { href: productPath(product), class: markup.LINE_NAME_CLASS }, product.name),
      h('p', { class: markup.LINE_MRP_CLASS }, markup.lineMrpText(line)),
      discount && h('p', { class: markup.LINE_DISCOUNT_CLASS }, discount),
      h(
        'div',
        { class: markup.LINE_BADGES_CLASS },
        product.requires_prescription && h('span', { class: markup.RX_BADGE_CLASS }, RX_REQUIRED),
        product.requires_prescription &&
          line.prescriptionAccepted &&
          h(
            'span',
            { class: markup.ATTACHED_BADGE_CLASS },
            link ? h('a', { href: link, target: '_blank', rel: 'noopener noreferrer', class: markup.ATTACHED_LINK_CLASS }, PRESCRIPTION_ATTACHED) : PRESCRIPTION_ATTACHED,
          ),
        product.requires_prescription &&
          !line.prescriptionAccepted &&
          on(
            h('button', { type: 'button', 'aria-label': markup.lineUploadLabel(UPLOAD_PRESCRIPTION, product.name), class: markup.LINE_UPLOAD_CLASS }, UPLOAD_PRESCRIPTION),
            null,
          ),
        !available && h('span', { class: markup.UNAVAILABLE_BADGE_CLASS }, UNAVAILABLE_LINE_LABEL[availability]),
      ),
    ),
    h(
      'div',
      { class: markup.LINE_CONTROLS_CLASS },
      stepper(line, available, actions),
      h('p', { class: markup.LINE_TOTAL_CLASS, 'aria-label': markup.lineTotalLabel(product.name) }, markup.lineTotalText(line)),
      on(h('button', { type: 'button', 'aria-label': markup.removeLabel(product.name), class: markup.REMOVE_BUTTON_CLASS }, 'Remove'), () => actions.remove(product.id)),
    ),
  );
}

function summary({ lines, gone, method, offered, unavailableMethods }: CartScreenState): HTMLElement {
  const readiness = checkoutReadiness(lines, gone);
  const pending = lines.some((line) => !line.prescriptionAccepted);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const total = formatRupees(paiseToRupees(cartLinesTotalPaise(lines)));
  const blocked = readiness === 'empty' || readiness === 'unavailable-lines';
  return h(
    'section',
    { 'aria-labelledby': markup.SUMMARY_HEADING_ID, class: markup.SUMMARY_CLASS },
    h('h2', { id: markup.SUMMARY_HEADING_ID, class: markup.SUMMARY_HEADING_CLASS }, ORDER_SUMMARY),
    h(
      'dl',
      { class: markup.SUMMARY_LIST_CLASS },
      h('div', { class: markup.SUMMARY_ROW_CLASS }, h('dt', {}, markup.subtotalLabel(units)), h('dd', {}, total)),
      h('div', { class: markup.SUMMARY_ROW_CLASS }, h('dt', {}, markup.DELIVERY_FEE_LABEL), h('dd', { class: markup.DELIVERY_FEE_CLASS }, DELIVERY_FREE)),
      h('div', { class: markup.SUMMARY_TOTAL_ROW_CLASS }, h('dt', {}, markup.TOTAL_LABEL), h('dd', {}, total)),
    ),
    h('p', { class: markup.ESTIMATE_CLASS }, ESTIMATED_DELIVERY),
    readiness === 'unavailable-lines' && h('p', { class: markup.UNAVAILABLE_NOTICE_CLASS }, UNAVAILABLE_LINES_NOTICE),
    pending && h('p', { class: markup.PENDING_NOTICE_CLASS }, PRESCRIPTION_PENDING_NOTICE),
    h(
      'div',
      { class: markup.CHECKOUT_SLOT_CLASS },
      !pending &&
        h(
          'fieldset',
          { class: markup.PAYMENT_FIELDSET_CLASS },
          h('legend', { class: markup.PAYMENT_LEGEND_CLASS }, markup.PAYMENT_LEGEND),
          ...PAYMENT_METHODS.filter((option) => offered.includes(option.value)).map((option) => {
            const unavailable = unavailableMethods[option.value];
            const radio = h('input', {
              type: 'radio',
              name: markup.PAYMENT_RADIO_NAME,
              value: option.value,
              checked: method === option.value,
              disabled: Boolean(unavailable),
              'aria-describedby': unavailable ? markup.paymentReasonId(option.value) : null,
              class: markup.PAYMENT_RADIO_CLASS,
            });
            return h(
              'label',
              { class: markup.PAYMENT_OPTION_CLASS },
              radio,
              option.label,
              unavailable && h('span', { id: markup.paymentReasonId(option.value), class: markup.PAYMENT_REASON_CLASS }, unavailable),
            );
          }),
        ),
      on(h('button', { type: 'button', disabled: blocked, class: markup.PROCEED_BUTTON_CLASS }, pending ? UPLOAD_PRESCRIPTION : PROCEED_TO_PAY), null),
    ),
  );
}

/** The cart's screen as CartPage renders it; its controls act through `actions`. */
export function cartScreen(state: CartScreenState, actions: CartScreenActions): HTMLElement {
  const { lines } = state;
  const screenMark = { [markup.CART_SCREEN_ATTRIBUTE]: true };
  if (lines.length === 0) {
    return h(
      'div',
      { ...screenMark, class: markup.EMPTY_CART_CLASS },
      h('p', { class: markup.EMPTY_CART_TITLE_CLASS }, EMPTY_CART),
      h('p', { class: markup.EMPTY_CART_HINT_CLASS }, markup.EMPTY_CART_HINT),
      h('a', { href: '/products', class: markup.BROWSE_LINK_CLASS }, BROWSE_PRODUCTS),
    );
  }
  return h(
    'div',
    { ...screenMark, class: markup.CART_GRID_CLASS },
    h(
      'section',
      { 'aria-label': markup.LINES_SECTION_LABEL, class: markup.LINES_SECTION_CLASS },
      h('ul', { class: markup.LINES_LIST_CLASS }, ...lines.map((line) => lineRow(line, state, actions))),
      h(
        'div',
        { class: markup.LINES_ACTIONS_CLASS },
        h('a', { href: '/products', class: markup.CONTINUE_LINK_CLASS }, CONTINUE_SHOPPING),
        on(h('button', { type: 'button', class: markup.CLEAR_BUTTON_CLASS }, CLEAR_CART), actions.clear),
      ),
    ),
    summary(state),
  );
}

