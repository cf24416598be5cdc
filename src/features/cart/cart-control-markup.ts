import { MAX_QUANTITY_PER_LINE } from '../../domain/cart-line';
import { el, TAP_KEY_ATTRIBUTE, type ViewElement } from './view-tree';
import { cartControl as englishText } from '../../domain/strings/english/cartControl';
import { fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';

/** The control's words in the page's language (the strings tables' cartControl). */
export type CartControlText = StringTable['cartControl'];

/*
 * A product's cart control and the quantity stepper, described once (view-tree.ts): the React
 * island (AddToCart), the script that runs the control before React loads
 * (static-cart-controls.ts) and every cart line on /cart (cart-screen-view.ts) draw this, so React
 * hydrates and replaces exactly what the customer already sees.
 */

export type AddToCartVariant = 'card' | 'detail';

/** The accessible hint on a plus button that has reached the limit. */
export const maxQuantityHint = (text: CartControlText = englishText) => fill(text.maxHint, { max: MAX_QUANTITY_PER_LINE });
export const MAX_QUANTITY_HINT = /* @__PURE__ */ maxQuantityHint();

/** Both states of the control share one box per variant, so hydrating it never shifts the page. */
export const CART_CONTROL_BOX: Record<AddToCartVariant, string> = {
  card: 'h-9 w-28',
  detail: 'h-12 w-full sm:w-56',
};

const addLabel = (variant: AddToCartVariant, text: CartControlText) => (variant === 'card' ? text.add : text.addToCart);

export const ADD_BUTTON_CLASS = 'inline-flex items-center justify-center rounded-md bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800';
export const STEPPER_CLASS = 'inline-flex items-center overflow-hidden rounded-md border border-brand-700';
export const STEP_BUTTON_CLASS =
  'inline-flex h-full w-9 shrink-0 items-center justify-center text-lg font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent';
export const QUANTITY_CLASS = 'min-w-0 flex-1 text-center text-sm font-semibold';

/** What each button of the control does; the first-tap queue and the static script find buttons by it. */
export type CartAction = 'add' | 'decrease' | 'increase';
export const CART_ACTION_ATTRIBUTE = 'data-cart-action';

export const decreaseLabel = (productName: string, text: CartControlText = englishText) => fill(text.decrease, { name: productName });
export const increaseLabel = (productName: string, text: CartControlText = englishText) => fill(text.increase, { name: productName });
export const quantityLabel = (productName: string, quantity: number, quantityInName: boolean, text: CartControlText = englishText) =>
  quantityInName ? fill(text.quantityIs, { name: productName, quantity }) : fill(text.quantity, { name: productName });

/** The limit hint's id on a product control: stable, so the static and the React markup agree. */
export const limitHintId = (variant: AddToCartVariant, productId: number) => `cart-limit-${variant}-${productId}`;

export interface StepperView {
  productName: string;
  quantity: number;
  /** The outer box's size: the buttons fill its height, the quantity the width between them. */
  box: string;
  /** The limit hint's id, the same in every drawing. */
  hintId: string;
  /** Plus is refused for a line that can no longer be bought. */
  increaseDisabled?: boolean;
  /** Puts the quantity into the accessible name too ('Quantity of <name>: 2'), as the product cards and pages do. */
  quantityInName?: boolean;
  /** Tap keys of minus and plus where the page holds several steppers of one kind (the cart's lines). */
  tapKeys?: Record<'decrease' | 'increase', string>;
  text?: CartControlText;
}

/** Minus / quantity / plus for one product; the quantity is an <output>, so changes are announced. */
export function quantityStepperView({ productName, quantity, box, hintId, increaseDisabled = false, quantityInName = false, tapKeys, text = englishText }: StepperView): ViewElement {
  const atLimit = quantity >= MAX_QUANTITY_PER_LINE;
  return el(
    'div',
    { class: `${box} ${STEPPER_CLASS}` },
    el(
      'button',
      { type: 'button', 'aria-label': decreaseLabel(productName, text), [CART_ACTION_ATTRIBUTE]: 'decrease', [TAP_KEY_ATTRIBUTE]: tapKeys?.decrease, class: STEP_BUTTON_CLASS },
      '−',
    ),
    el('output', { 'aria-label': quantityLabel(productName, quantity, quantityInName, text), class: QUANTITY_CLASS }, String(quantity)),
    el(
      'button',
      {
        type: 'button',
        'aria-label': increaseLabel(productName, text),
        [CART_ACTION_ATTRIBUTE]: 'increase',
        [TAP_KEY_ATTRIBUTE]: tapKeys?.increase,
        disabled: increaseDisabled || atLimit,
        'aria-describedby': atLimit ? hintId : null,
        title: atLimit ? maxQuantityHint(text) : null,
        class: STEP_BUTTON_CLASS,
      },
      '+',
    ),
    atLimit && el('span', { id: hintId, class: 'sr-only' }, maxQuantityHint(text)),
  );
}

/** A product's control on cards and product pages: 'Add' until the product is in the cart, then the stepper. */
export function cartControlView(product: { id: number; name: string }, variant: AddToCartVariant, quantity: number, text: CartControlText = englishText): ViewElement {
  const box = CART_CONTROL_BOX[variant];
  if (quantity === 0) return el('button', { type: 'button', [CART_ACTION_ATTRIBUTE]: 'add', class: `${box} ${ADD_BUTTON_CLASS}` }, addLabel(variant, text));
  return quantityStepperView({ productName: product.name, quantity, box, hintId: limitHintId(variant, product.id), quantityInName: true, text });
}

