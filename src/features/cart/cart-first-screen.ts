import { CART_SCREEN_ATTRIBUTE } from './cart-view-markup';

/*
 * The hand-over from the first screen static-cart-view.ts draws to the React island. Both draw the
 * same DOM (cart-view-markup.ts), so an element of one is found in the other by its position: the
 * focused element keeps the focus, and a tap the static screen could not answer itself (Upload
 * Prescription, Proceed to Pay) is made again on React's element.
 */

/** The element beside the island that holds the first screen until React takes its place. */
export const FIRST_SCREEN_ID = 'cart-first-screen';
const QUEUED_TAP = 'queuedTap';

type Path = number[];

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
