// @vitest-environment happy-dom
import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { metformin, paracetamol } from './cart-products.fixture';
import { FIRST_SCREEN_ID } from './cart-first-screen';

/*
 * /cart's first screen before React: static-cart-view.ts redraws it on every store change, and the
 * page's arrival lookups (catalogue and stock) change the stores on every open, mostly to what they
 * were. A button replaced between a press and its release takes the tap with it.
 */

useTestStorageEngine();
// The page's arrival lookups wait for ever here: each test sets the stores itself.
vi.stubGlobal('fetch', () => new Promise(() => undefined));
const lines = [
  { product: metformin, quantity: 1, prescriptionAccepted: false, prescriptionFileUrl: null },
  { product: paracetamol, quantity: 2, prescriptionAccepted: true, prescriptionFileUrl: null },
];
document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}" data-payment-methods="razorpay,cod" data-unavailable-methods="{}"></div>`;
await import('./cart-first-paint');
const { $cartStock, $goneProductIds } = await import('./cart-availability');
const { $cart, setQuantity } = await import('./cart-store');
const { startFirstScreen } = await import('./static-cart-view');

const button = (key: string) => document.querySelector<HTMLButtonElement>(`#${FIRST_SCREEN_ID} [data-cart-key="${key}"]`)!;

beforeAll(() => {
  $cart.set({ ...$cart.get(), items: lines });
  startFirstScreen();
});
afterEach(() => $cart.set({ ...$cart.get(), items: lines }));

describe('the cart screen before React', () => {
  it('keeps the buttons it shows when a lookup answers with nothing new', () => {
    const proceed = button('proceed');
    expect(proceed.textContent).toBe('Upload Prescription');
    $goneProductIds.set(new Set());
    $cartStock.set({});
    expect(proceed.isConnected).toBe(true);
    expect(button('proceed')).toBe(proceed);
  });

  it('draws what changed', () => {
    const proceed = button('proceed');
    $goneProductIds.set(new Set([paracetamol.id]));
    expect(proceed.isConnected).toBe(false);
    expect(button('proceed').disabled).toBe(true);
    $goneProductIds.set(new Set());
    setQuantity(paracetamol.id, 3);
    const quantities = [...document.querySelectorAll(`#${FIRST_SCREEN_ID} output`)].map((output) => output.textContent);
    expect(quantities).toEqual(['1', '3']);
  });

  describe('a mouse button held on a control while the screen is drawn again', () => {
    const press = (control: Element) => control.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', bubbles: true }));
    const release = (target: Element) => target.dispatchEvent(new PointerEvent('pointerup', { pointerType: 'mouse', bubbles: true }));
    const quantityOf = (productId: number) => $cart.get().items.find((line) => line.product.id === productId)!.quantity;
    // A stock answer that changes the screen: metformin sold out, or back. The browser clicks
    // nothing when the pressed control left the page before the release.
    const redrawWithAChange = () => $cartStock.set($cartStock.get()[metformin.id] === 0 ? {} : { [metformin.id]: 0 });

    /** Presses plus on paracetamol, redraws the screen under it, releases on the control with `releaseKey` (the browser clicking it too, if asked). */
    async function pressAcrossARedraw(releaseKey: string, { browserClicks = false } = {}): Promise<void> {
      const pressed = button(`increase:${paracetamol.id}`);
      press(pressed);
      redrawWithAChange();
      expect(pressed.isConnected).toBe(false);
      const target = button(releaseKey);
      release(target);
      if (browserClicks) target.click();
      await new Promise((resolve) => setTimeout(resolve));
    }

    it('counts the press when it is released on the new control with the same key', async () => {
      await pressAcrossARedraw(`increase:${paracetamol.id}`);
      expect(quantityOf(paracetamol.id)).toBe(3);
    });

    it('does nothing when it is released elsewhere', async () => {
      await pressAcrossARedraw(`decrease:${paracetamol.id}`);
      expect(quantityOf(paracetamol.id)).toBe(2);
    });

    it('does not count a press twice when the browser clicks the new control itself', async () => {
      await pressAcrossARedraw(`increase:${paracetamol.id}`, { browserClicks: true });
      expect(quantityOf(paracetamol.id)).toBe(3);
    });
  });
});
