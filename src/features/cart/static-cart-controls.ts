import { readCartProduct } from '@/domain/stored-cart';
import type { CartProduct } from '@/domain/product';
import { $cart, addToCart, MAX_QUANTITY_HINT, MAX_QUANTITY_PER_LINE, quantityOf, setQuantity } from './cart-store';
import {
  ADD_BUTTON_CLASS,
  ADD_LABEL,
  type AddToCartVariant,
  CART_ACTION_ATTRIBUTE,
  CART_CONTROL_BOX,
  decreaseLabel,
  increaseLabel,
  limitHintId,
  QUANTITY_CLASS,
  quantityLabel,
  STEP_BUTTON_CLASS,
  STEPPER_CLASS,
} from './cart-control-markup';
import { FIRST_TAP_QUEUE, type FirstTapQueue } from './first-tap-queue';

/*
 * Runs the product cart controls before React has loaded (product pages and lists ship no React
 * until the customer's first interaction): the same markup as AddToCart, the same cart store.
 * A control is ours while its island still carries Astro's `ssr` attribute; from hydration on,
 * React owns it and this script leaves it alone, so no tap is handled twice.
 */

interface StaticControl {
  island: HTMLElement;
  product: CartProduct;
  variant: AddToCartVariant;
}

function staticControlOf(element: Element): StaticControl | null {
  const wrapper = element.closest<HTMLElement>('[data-cart-control]');
  const island = wrapper?.querySelector<HTMLElement>('astro-island[ssr]');
  if (!wrapper || !island || !island.contains(element)) return null;
  let product: CartProduct | null = null;
  try {
    product = readCartProduct(JSON.parse(wrapper.dataset.product ?? 'null'));
  } catch {
    return null;
  }
  const variant = wrapper.dataset.variant === 'detail' ? 'detail' : 'card';
  return product ? { island, product, variant } : null;
}

function button(action: string, className: string, text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.setAttribute(CART_ACTION_ATTRIBUTE, action);
  element.className = className;
  element.textContent = text;
  return element;
}

function drawStepper({ island, product, variant }: StaticControl, quantity: number): void {
  let box = island.firstElementChild;
  if (!box || box.tagName !== 'DIV') {
    box = document.createElement('div');
    box.className = `${CART_CONTROL_BOX[variant]} ${STEPPER_CLASS}`;
    const minus = button('decrease', STEP_BUTTON_CLASS, '−');
    minus.setAttribute('aria-label', decreaseLabel(product.name));
    const output = document.createElement('output');
    output.className = QUANTITY_CLASS;
    const plus = button('increase', STEP_BUTTON_CLASS, '+');
    plus.setAttribute('aria-label', increaseLabel(product.name));
    box.append(minus, output, plus);
    island.replaceChildren(box);
  }
  // Updated in place, so a focused minus or plus keeps the focus as it does under React.
  const output = box.querySelector('output')!;
  output.setAttribute('aria-label', quantityLabel(product.name, quantity, true));
  output.textContent = String(quantity);
  const plus = box.querySelector<HTMLButtonElement>(`[${CART_ACTION_ATTRIBUTE}="increase"]`)!;
  const atLimit = quantity >= MAX_QUANTITY_PER_LINE;
  const hintId = limitHintId(variant, product.id);
  plus.disabled = atLimit;
  plus.toggleAttribute('aria-describedby', atLimit);
  plus.toggleAttribute('title', atLimit);
  box.querySelector(`#${hintId}`)?.remove();
  if (atLimit) {
    plus.setAttribute('aria-describedby', hintId);
    plus.title = MAX_QUANTITY_HINT;
    const hint = document.createElement('span');
    hint.id = hintId;
    hint.className = 'sr-only';
    hint.textContent = MAX_QUANTITY_HINT;
    box.append(hint);
  }
}

function draw(control: StaticControl): void {
  const quantity = quantityOf($cart.get(), control.product.id);
  if (quantity > 0) {
    drawStepper(control, quantity);
    return;
  }
  if (control.island.firstElementChild?.getAttribute(CART_ACTION_ATTRIBUTE) === 'add') return;
  control.island.replaceChildren(button('add', `${CART_CONTROL_BOX[control.variant]} ${ADD_BUTTON_CLASS}`, ADD_LABEL[control.variant]));
}

/** Draws every control React does not own yet from the stored cart. */
export function drawStaticControls(): void {
  if (typeof document === 'undefined') return;
  for (const wrapper of document.querySelectorAll('[data-cart-control]')) {
    const island = wrapper.querySelector('astro-island[ssr]');
    const control = island && staticControlOf(island);
    if (control) draw(control);
  }
}

/** A tap on a control React does not own yet: the same change AddToCart makes. */
function act(target: Element): void {
  const control = staticControlOf(target);
  const action = target.getAttribute(CART_ACTION_ATTRIBUTE);
  if (!control) return;
  const quantity = quantityOf($cart.get(), control.product.id);
  if (action === 'add') addToCart(control.product);
  else if (action === 'increase' && quantity < MAX_QUANTITY_PER_LINE) setQuantity(control.product.id, quantity + 1);
  else if (action === 'decrease') setQuantity(control.product.id, quantity - 1);
}

declare global {
  interface Window {
    [FIRST_TAP_QUEUE]?: FirstTapQueue;
  }
}

if (typeof document !== 'undefined') {
  $cart.subscribe(drawStaticControls);
  // Taps caught by the inline queue before this script arrived count now, in order; later ones
  // come straight here.
  const queued = window[FIRST_TAP_QUEUE];
  window[FIRST_TAP_QUEUE] = { push: act };
  if (Array.isArray(queued)) queued.forEach((target: Element) => act(target));
}
