import { CART_SCREEN_ATTRIBUTE } from './cart-view-markup';
import type { PaymentMethod } from '@/domain/payment-methods';
import type { UnavailableMethods } from './payment-method';

/*
 * The hand-overs of /cart's first screen: from the inline first paint to static-cart-view.ts, and
 * from it to the React island. All three draw the same DOM (cart-view-markup.ts), so an element of
 * one is found in the next by its place: the focused element keeps the focus, and a tap the earlier
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
const QUEUED_TAP = 'queuedTap';
const EARLY_TAPS = 'earlyTaps';
const LIVE = 'live';

/** An element's place under a root: the child index at each level down. */
export type Path = number[];

export function pathOf(root: Element, element: Element): Path | null {
  const path: Path = [];
  for (let node: Element | null = element; node !== root; node = node.parentElement) {
    if (!node?.parentElement) return null;
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

export function elementAt(root: Element, path: Path): HTMLElement | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : null;
}

const screenIn = (holder: Element | null) => holder?.querySelector(`[${CART_SCREEN_ATTRIBUTE}]`) ?? null;

/**
 * Between the inline first paint and static-cart-view.ts, a tap on a button of the first screen is
 * kept by its place (the holder's `earlyTaps`), to be made again once the script has drawn its own.
 */
export function keepEarlyTaps(holder: HTMLElement): void {
  holder.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const path = button && !(LIVE in holder.dataset) ? pathOf(holder, button) : null;
    if (path) holder.dataset[EARLY_TAPS] = [holder.dataset[EARLY_TAPS], path.join('.')].filter(Boolean).join(' ');
  });
}

/** Marks the holder as run by static-cart-view.ts and hands over the taps kept until then, in order. */
export function takeEarlyTaps(holder: HTMLElement): Path[] {
  holder.dataset[LIVE] = '';
  const taps = (holder.dataset[EARLY_TAPS] ?? '').split(' ').filter(Boolean);
  delete holder.dataset[EARLY_TAPS];
  return taps.map((tap) => tap.split('.').map(Number));
}

/** Remembers a tap on the first screen that only React can answer; it is made again after the hand-over. */
export function queueTapForIsland(target: Element): void {
  const holder = document.getElementById(FIRST_SCREEN_ID);
  const screen = screenIn(holder);
  const path = screen && pathOf(screen, target);
  if (holder && path) holder.dataset[QUEUED_TAP] = path.join('.');
}

/** Removes the first screen once React has drawn its own; moves the focus and the queued tap across. */
export function handOverFirstScreen(): void {
  const holder = document.getElementById(FIRST_SCREEN_ID);
  if (!holder) return;
  const staticScreen = screenIn(holder);
  const reactScreen = [...document.querySelectorAll(`[${CART_SCREEN_ATTRIBUTE}]`)].find((screen) => !holder.contains(screen));
  const focused = document.activeElement;
  const focusPath = staticScreen && focused && staticScreen.contains(focused) ? pathOf(staticScreen, focused) : null;
  const queued = holder.dataset[QUEUED_TAP];
  holder.remove();
  if (!reactScreen) return;
  if (focusPath) elementAt(reactScreen, focusPath)?.focus({ preventScroll: true });
  if (queued) elementAt(reactScreen, queued.split('.').map(Number))?.click();
}
