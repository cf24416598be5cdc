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
    // A stock answer that changes the screen: a product sold out, or back. The browser clicks
    // nothing when the pressed control left the page before the release.
    const redrawWithAChange = (productId: number) => $cartStock.set($cartStock.get()[productId] === 0 ? {} : { [productId]: 0 });

    /**
     * Presses the control with `pressedKey`, redraws the screen under it (a change to `changed`'s
     * stock), releases on the control with `releaseKey` (the browser clicking it too, if asked), and
     * returns how many clicks reached a control with the pressed key.
     */
    async function pressAcrossARedraw(
      pressedKey: string,
      releaseKey: string,
      { changed = metformin.id, browserClicks = false, redraws = 1 } = {},
    ): Promise<number> {
      const holder = document.getElementById(FIRST_SCREEN_ID)!;
      let clicks = 0;
      const count = (event: Event) => void (event.target instanceof Element && event.target.closest(`[data-cart-key="${pressedKey}"]`) && clicks++);
      holder.addEventListener('click', count, true);
      const pressed = button(pressedKey);
      press(pressed);
      for (let drawn = 0; drawn < redraws; drawn++) redrawWithAChange(changed);
      expect(pressed.isConnected).toBe(false);
      const target = button(releaseKey);
      release(target);
      if (browserClicks) target.click();
      await new Promise((resolve) => setTimeout(resolve));
      holder.removeEventListener('click', count, true);
      return clicks;
    }

    it('counts the press when it is released on the new control with the same key', async () => {
      await pressAcrossARedraw(`increase:${paracetamol.id}`, `increase:${paracetamol.id}`);
      expect(quantityOf(paracetamol.id)).toBe(3);
    });

    it('does nothing when it is released elsewhere', async () => {
      await pressAcrossARedraw(`increase:${paracetamol.id}`, `decrease:${paracetamol.id}`);
      expect(quantityOf(paracetamol.id)).toBe(2);
    });

    // Upload Prescription before React only remembers the tap for React (the screen stays as it
    // is), so every click that reaches it is counted here.
    const upload = `upload:${metformin.id}`;

    it('does not count a press twice when the browser clicks the new control itself', async () => {
      expect(await pressAcrossARedraw(upload, upload, { changed: paracetamol.id, browserClicks: true })).toBe(1);
    });

    it('counts the press once when the screen is drawn again several times under it', async () => {
      expect(await pressAcrossARedraw(upload, upload, { changed: paracetamol.id, redraws: 3 })).toBe(1);
    });
  });
});
