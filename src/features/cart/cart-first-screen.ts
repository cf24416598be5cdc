import type { PaymentMethod } from '../../domain/payment-methods';
import type { CartScreenState } from './cart-screen-view';
import type { UnavailableMethods } from './payment-method';
import { CART_SCREEN_ATTRIBUTE, TAP_KEY_ATTRIBUTE } from './view-tree';

/*
 * The hand-overs of /cart's first screen: from the inline first paint to static-cart-view.ts, and
 * from it to the React island. All three draw one view (cart-screen-view.ts), so an element of one
 * is found in the next by its tap key: the focused element keeps the focus, and a tap the earlier
 * one could not answer (any tap before static-cart-view.ts; Upload Prescription or Proceed to Pay
 * before React) is made again on the later one's element.
 */

/** The element beside the island that holds the first screen until React takes its place. */
export const FIRST_SCREEN_ID = 'cart-first-screen';
/** On the holder: the payment methods this order cannot use yet, as JSON (the page writes it at build). */
export const UNAVAILABLE_METHODS_ATTRIBUTE = 'data-unavailable-methods';
/** What the page wrote into the holder's UNAVAILABLE_METHODS_ATTRIBUTE. */
export const unavailableMethodsIn = (holder: Element): UnavailableMethods =>
  JSON.parse(holder.getAttribute(UNAVAILABLE_METHODS_ATTRIBUTE) ?? '{}') as UnavailableMethods;
/** On the holder: the payment methods this build offers, comma-separated (the page writes it at build). */
export const OFFERED_METHODS_ATTRIBUTE = 'data-payment-methods';
/** What the page wrote into the holder's OFFERED_METHODS_ATTRIBUTE: never empty (paymentMethodsFrom at build). */
export const offeredMethodsIn = (holder: Element): readonly PaymentMethod[] => (holder.getAttribute(OFFERED_METHODS_ATTRIBUTE) ?? '').split(',') as PaymentMethod[];

/**
 * The window property under which the inline first paint leaves its drawing of the screen, so
 * static-cart-view.ts draws with it rather than shipping the view a second time.
 */
export const SCREEN_DRAWING = 'cartScreenDrawing';
export type ScreenDrawing = (state: CartScreenState) => HTMLElement;

declare global {
  interface Window {
    [SCREEN_DRAWING]?: ScreenDrawing;
  }
}

const QUEUED_TAP = 'queuedTap';
const PRESSED = 'pressed';
const EARLY_TAPS = 'earlyTaps';
const LIVE = 'live';

/** The tap key of the keyed element `target` is in, if any. */
export const tapKeyOf = (target: Element | null): string | null => target?.closest(`[${TAP_KEY_ATTRIBUTE}]`)?.getAttribute(TAP_KEY_ATTRIBUTE) ?? null;

/** The element with a tap key under a root. */
export const elementWithKey = (root: Element, key: string): HTMLElement | null => root.querySelector<HTMLElement>(`[${TAP_KEY_ATTRIBUTE}="${key}"]`);

const screenIn = (holder: Element | null) => holder?.querySelector(`[${CART_SCREEN_ATTRIBUTE}]`) ?? null;

/**
 * Between the inline first paint and static-cart-view.ts, a tap on a button of the first screen is
 * kept by its key (the holder's `earlyTaps`), to be made again once the script has drawn its own.
 */
export function keepEarlyTaps(holder: HTMLElement): void {
  holder.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const key = !(LIVE in holder.dataset) ? tapKeyOf(button) : null;
    if (key) holder.dataset[EARLY_TAPS] = [holder.dataset[EARLY_TAPS], key].filter(Boolean).join(' ');
  });
}

/** Marks the holder as run by static-cart-view.ts and hands over the taps kept until then, in order. */
export function takeEarlyTaps(holder: HTMLElement): string[] {
  holder.dataset[LIVE] = '';
  const taps = (holder.dataset[EARLY_TAPS] ?? '').split(' ').filter(Boolean);
  delete holder.dataset[EARLY_TAPS];
  return taps;
}

/**
 * Keeps the tap key of a mouse button held on a control of the first screen, until it is released:
 * the screen under it may be replaced meanwhile (see clickOnRelease).
 */
export function keepMousePress(holder: HTMLElement): void {
  holder.addEventListener('pointerdown', (event) => {
    const key = event.pointerType === 'mouse' && event.target instanceof Element ? tapKeyOf(event.target.closest('button')) : null;
    if (key) holder.dataset[PRESSED] = key;
  });
  for (const type of ['pointerup', 'pointercancel'] as const) document.addEventListener(type, () => delete holder.dataset[PRESSED]);
}

/**
 * When the control a mouse button is held on is replaced before the release, Chromium clicks nothing
 * (a touch is tapped on whatever is there when it ends): a release on the new control with the same
 * key is made its click, unless the browser clicked it itself.
 */
export function clickOnRelease(holder: HTMLElement, root: Element): void {
  const key = holder.dataset[PRESSED];
  if (!key) return;
  document.addEventListener(
    'pointerup',
    (event) => {
      const control = elementWithKey(root, key);
      if (!control || !(event.target instanceof Node) || !control.contains(event.target)) return;
      let clicked = false;
      control.addEventListener('click', () => (clicked = true), { once: true, capture: true });
      // The browser's own click, if any, comes in this same task.
      setTimeout(() => {
        if (!clicked) control.click();
      });
    },
    { once: true, capture: true },
  );
}

/** Remembers a tap on the first screen that only React can answer; it is made again after the hand-over. */
export function queueTapForIsland(key: string): void {
  const holder = document.getElementById(FIRST_SCREEN_ID);
  if (holder) holder.dataset[QUEUED_TAP] = key;
}

/** Removes the first screen once React has drawn its own; moves the focus and the queued tap across. */
export function handOverFirstScreen(): void {
  const holder = document.getElementById(FIRST_SCREEN_ID);
  if (!holder) return;
  const reactScreen = [...document.querySelectorAll(`[${CART_SCREEN_ATTRIBUTE}]`)].find((screen) => !holder.contains(screen));
  const focused = document.activeElement;
  const focusKey = focused && screenIn(holder)?.contains(focused) ? tapKeyOf(focused) : null;
  const queued = holder.dataset[QUEUED_TAP];
  holder.remove();
  if (!reactScreen) return;
  if (focusKey) elementWithKey(reactScreen, focusKey)?.focus({ preventScroll: true });
  if (queued) elementWithKey(reactScreen, queued)?.click();
  clickOnRelease(holder, reactScreen);
}
