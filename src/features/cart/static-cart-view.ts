import { cartLinesTotalPaise } from '@/domain/cart-line';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { productPath, RX_REQUIRED } from '@/domain/product';
import { $prescriptionLinks } from '@/features/prescriptions/public';
import { $checkoutReadiness, $goneProductIds, availabilityOf, refreshCartOnArrival, UNAVAILABLE_LINE_LABEL } from './cart-availability';
import { elementAt, FIRST_SCREEN_ID, pathOf, queueTapForIsland } from './cart-first-screen';
import { cartLineImage, stockImageFor } from './cart-line-image';
import { $cart, type CartLine, clearCart, MAX_QUANTITY_HINT, MAX_QUANTITY_PER_LINE, removeFromCart, setQuantity } from './cart-store';
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
import { decreaseLabel, increaseLabel, QUANTITY_CLASS, quantityLabel, STEP_BUTTON_CLASS, STEPPER_CLASS } from './cart-control-markup';
import * as markup from './cart-view-markup';
import { $paymentMethod, PAYMENT_METHODS, type UnavailableMethods } from './payment-method';

/*
 * Draws the /cart page's first screen from the stored cart as soon as the page's script runs, with
 * no React: the same DOM CartPage renders (cart-view-markup.ts), so the page's first paint of the
 * lines is final and React, which hydrates on the customer's first sign (client:interact="page"),
 * replaces it without a flash (cart-first-screen.ts). Until then it answers what is a store write
 * (quantity, Remove, Clear Cart, the payment method) itself, and keeps the taps only React can answer.
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

/** What a tap on a drawn element does; the element's own action, or null for taps React must answer. */
const actions = new WeakMap<Element, (() => void) | null>();
function on<E extends Element>(element: E, action: (() => void) | null): E {
  actions.set(element, action);
  return element;
}

function stepper(line: CartLine, available: boolean): HTMLElement {
  const { product, quantity } = line;
  const atLimit = quantity >= MAX_QUANTITY_PER_LINE;
  const hintId = markup.lineLimitHintId(product.id);
  return h(
    'div',
    { class: `${markup.LINE_STEPPER_BOX} ${STEPPER_CLASS}` },
    on(
      h('button', { type: 'button', 'aria-label': decreaseLabel(product.name), 'data-cart-action': 'decrease', class: STEP_BUTTON_CLASS }, '−'),
      () => setQuantity(product.id, quantity - 1),
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
      () => setQuantity(product.id, quantity + 1),
    ),
    atLimit && h('span', { id: hintId, class: 'sr-only' }, MAX_QUANTITY_HINT),
  );
}

function lineRow(line: CartLine, gone: ReadonlySet<number>, prescriptionLinks: Readonly<Record<string, string>>): HTMLElement {
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
      stepper(line, available),
      h('p', { class: markup.LINE_TOTAL_CLASS, 'aria-label': markup.lineTotalLabel(product.name) }, markup.lineTotalText(line)),
      on(h('button', { type: 'button', 'aria-label': markup.removeLabel(product.name), class: markup.REMOVE_BUTTON_CLASS }, 'Remove'), () => removeFromCart(product.id)),
    ),
  );
}

function summary(lines: readonly CartLine[], unavailableMethods: UnavailableMethods): HTMLElement {
  const readiness = $checkoutReadiness.get();
  const pending = lines.some((line) => !line.prescriptionAccepted);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const total = formatRupees(paiseToRupees(cartLinesTotalPaise(lines)));
  const method = $paymentMethod.get();
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
          ...PAYMENT_METHODS.map((option) => {
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
            radio.addEventListener('change', () => $paymentMethod.set(option.value));
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

function screen(unavailableMethods: UnavailableMethods): HTMLElement {
  const lines = $cart.get().items;
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
  const gone = $goneProductIds.get();
  const links = $prescriptionLinks.get();
  return h(
    'div',
    { ...screenMark, class: markup.CART_GRID_CLASS },
    h(
      'section',
      { 'aria-label': markup.LINES_SECTION_LABEL, class: markup.LINES_SECTION_CLASS },
      h('ul', { class: markup.LINES_LIST_CLASS }, ...lines.map((line) => lineRow(line, gone, links))),
      h(
        'div',
        { class: markup.LINES_ACTIONS_CLASS },
        h('a', { href: '/products', class: markup.CONTINUE_LINK_CLASS }, CONTINUE_SHOPPING),
        on(h('button', { type: 'button', class: markup.CLEAR_BUTTON_CLASS }, CLEAR_CART), clearCart),
      ),
    ),
    summary(lines, unavailableMethods),
  );
}

/** Draws (again) into the holder, keeping the focus on the element in the same place. */
function draw(holder: HTMLElement, unavailableMethods: UnavailableMethods): void {
  const focused = document.activeElement;
  const focusPath = focused && holder.contains(focused) ? pathOf(holder, focused) : null;
  holder.replaceChildren(screen(unavailableMethods));
  if (focusPath) elementAt(holder, focusPath)?.focus({ preventScroll: true });
}

/**
 * Starts the first screen in the page's holder; it stops by itself once React has taken its place.
 * The payment step says which methods this order cannot use yet, as it tells CheckoutSlot.
 */
export function startFirstScreen(unavailableMethods: UnavailableMethods): void {
  const holder = document.getElementById(FIRST_SCREEN_ID);
  if (!holder) return;
  holder.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('a, button') : null;
    if (!target || !actions.has(target)) return;
    const action = actions.get(target);
    if (action) action();
    else queueTapForIsland(target);
  });
  const redraw = () => {
    if (holder.isConnected) draw(holder, unavailableMethods);
    else for (const stop of stops) stop();
  };
  const stops = [$cart.listen(redraw), $goneProductIds.listen(redraw), $prescriptionLinks.listen(redraw)];
  draw(holder, unavailableMethods);
  void refreshCartOnArrival();
}
