// @vitest-environment happy-dom
import { useTestStorageEngine } from '@nanostores/persistent';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../domain/cart-line';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-methods';
import { metformin, paracetamol } from './cart-products.fixture';
import type { CartScreenState } from './cart-screen-view';
import { FIRST_SCREEN_ID, SCREEN_DRAWING } from './cart-first-screen';

/*
 * /cart's screen is one view drawn two ways: with the DOM before React (the drawing the inline
 * first paint leaves on the page for static-cart-view.ts) and by React (CartPage's CartScreen).
 * Every state of the cart must come out as the same elements, or the hand-over would change what
 * the customer sees and a tap replayed by its key could miss.
 */

useTestStorageEngine();
const { CartScreen } = await import('./CartScreen');
// The page's holder, as cart.astro writes it, for the inline script to draw into.
document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}" data-payment-methods="razorpay,cod" data-unavailable-methods="{}"></div>`;
await import('./cart-first-paint');
const drawScreen = window[SCREEN_DRAWING]!;

const ALL_METHODS = PAYMENT_METHODS.map((option) => option.value);
const discounted = { ...paracetamol, id: 103, name: 'Cetirizine 10mg Tablet', slug: 'cetirizine-10mg-tablet', mrp_paise: 3000, current_price_paise: 2700 };

function lineOf(product = paracetamol, changes: Partial<CartLine> = {}): CartLine {
  return { product, quantity: 1, prescriptionAccepted: !product.requires_prescription, prescriptionFileUrl: null, ...changes };
}

function stateOf(changes: Partial<CartScreenState>): CartScreenState {
  return {
    lines: [],
    gone: new Set(),
    prescriptionLinks: {},
    method: 'razorpay',
    offered: ALL_METHODS,
    unavailableMethods: {},
    busyLabel: null,
    paymentBlocked: false,
    ...changes,
  };
}

const attachedFile = 'guest-3f0c/prescription.pdf';
const STATES: [string, CartScreenState][] = [
  ['an empty cart', stateOf({})],
  ['lines ready to pay, one below its MRP', stateOf({ lines: [lineOf(paracetamol, { quantity: 2 }), lineOf(discounted)] })],
  ['a line at the per-line limit', stateOf({ lines: [lineOf(paracetamol, { quantity: 20 })] })],
  ['a line gone from the catalogue', stateOf({ lines: [lineOf(paracetamol), lineOf(discounted)], gone: new Set([discounted.id]) })],
  [
    'sold-out and discontinued lines',
    stateOf({ lines: [lineOf({ ...paracetamol, sale_state: 'SOLD OUT' }), lineOf({ ...discounted, sale_state: 'DISCONTINUED' })] }),
  ],
  ['a line awaiting its prescription', stateOf({ lines: [lineOf(metformin, { quantity: 2 }), lineOf(paracetamol)] })],
  [
    'an attached prescription, signed link shown',
    stateOf({
      lines: [lineOf(metformin, { prescriptionAccepted: true, prescriptionFileUrl: attachedFile })],
      prescriptionLinks: { [attachedFile]: 'https://storage.example/signed/prescription.pdf?token=1' },
    }),
  ],
  ['an attached prescription before its link is signed', stateOf({ lines: [lineOf(metformin, { prescriptionAccepted: true, prescriptionFileUrl: attachedFile })] })],
  // A refused prescription is detached again (askAgainForPrescriptions): the line asks for one anew.
  ['a refused prescription', stateOf({ lines: [lineOf(metformin, { prescriptionAccepted: false, prescriptionFileUrl: null }), lineOf(paracetamol)] })],
  [
    'payment methods this order cannot use',
    stateOf({ lines: [lineOf(paracetamol)], method: 'phonepe', unavailableMethods: { razorpay: 'Razorpay is down for maintenance.' } }),
  ],
  [
    'cash on delivery unavailable',
    stateOf({ lines: [lineOf(paracetamol)], unavailableMethods: { cod: 'Enter your PIN code to see if cash on delivery is available.' } }),
  ],
  ['a build without PhonePe', stateOf({ lines: [lineOf(paracetamol)], offered: ['razorpay', 'cod'] satisfies PaymentMethod[] })],
  ['a payment in progress', stateOf({ lines: [lineOf(paracetamol)], busyLabel: 'Processing Razorpay Payment...' })],
  ['a PIN code we do not deliver to', stateOf({ lines: [lineOf(paracetamol)], paymentBlocked: true })],
];

/** Tags, sorted attributes, own text and checked state, one line per element: what the customer and assistive technology get. */
function describeTree(root: Element): string {
  const lines: string[] = [];
  const walk = (element: Element, depth: number) => {
    const attributes = [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).sort();
    const text = [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent).join('|');
    const checked = element instanceof HTMLInputElement && element.hasAttribute('checked') ? ' (checked)' : '';
    lines.push(`${'  '.repeat(depth)}<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${text}${checked}`);
    for (const child of element.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines.join('\n');
}

function drawnByReact(state: CartScreenState): Element {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(<CartScreen state={state} onTap={() => {}} />);
  return box.firstElementChild!;
}

const payButton = (screen: Element) => screen.querySelector<HTMLButtonElement>('[data-cart-key="proceed"]')!;

describe('the cart screen drawn before React and by React', () => {
  it.each(STATES)('is the same elements for %s', (_, state) => {
    const before = describeTree(drawScreen(state));
    expect(before).toContain('data-cart-screen');
    expect(describeTree(drawnByReact(state))).toBe(before);
  });

  it.each(STATES)('gives every control of %s its own tap key, so a replayed tap finds it', (_, state) => {
    const screen = drawScreen(state);
    const controls = [...screen.querySelectorAll('a, button, input')];
    const keys = controls.map((control) => control.getAttribute('data-cart-key'));
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses payment in both drawings while busy, blocked by the PIN code or holding an unavailable line', () => {
    for (const name of ['a payment in progress', 'a PIN code we do not deliver to', 'a line gone from the catalogue', 'sold-out and discontinued lines']) {
      const state = STATES.find(([what]) => what === name)![1];
      expect(payButton(drawScreen(state)).disabled, name).toBe(true);
      expect(payButton(drawnByReact(state)).disabled, name).toBe(true);
    }
    const busy = STATES.find(([what]) => what === 'a payment in progress')![1];
    expect(payButton(drawScreen(busy)).textContent).toBe('Processing Razorpay Payment...');
    const ready = STATES.find(([what]) => what === 'lines ready to pay, one below its MRP')![1];
    expect(payButton(drawScreen(ready)).disabled).toBe(false);
  });

  it('lists only the methods the build offers: no PhonePe choice at all when PhonePe is not configured', () => {
    const withoutPhonePe = STATES.find(([what]) => what === 'a build without PhonePe')![1];
    for (const screen of [drawScreen(withoutPhonePe), drawnByReact(withoutPhonePe)]) {
      expect([...screen.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((radio) => [radio.value, radio.hasAttribute('checked')])).toEqual([
        ['razorpay', true],
        ['cod', false],
      ]);
      expect(screen.textContent).not.toContain('PhonePe');
    }
  });

  it('keeps Upload Prescription open while a prescription is pending, even where the PIN code blocks payment', () => {
    const pending = stateOf({ lines: [lineOf(metformin)], paymentBlocked: true });
    expect(payButton(drawScreen(pending)).disabled).toBe(false);
    expect(payButton(drawScreen(pending)).textContent).toBe('Upload Prescription');
  });
});
