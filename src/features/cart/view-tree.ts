/*
 * A view as plain data: tag, attributes (the DOM's names: `class`, `aria-label`), text and
 * children. The cart's screen and its controls are described once this way (cart-screen-view.ts,
 * cart-control-markup.ts); toDom draws a description before React has loaded, view-react.ts hands
 * the same description to React, so both draw the same elements by construction.
 */

/** A string attribute; `true` a bare one; false, null and undefined leave it out. */
export type ViewAttributes = Record<string, string | boolean | null | undefined>;

export interface ViewElement {
  tag: string;
  attributes: ViewAttributes;
  children: ViewChild[];
  /** Which item of a list it is (a cart line's product), so React keeps each item's elements when others go. */
  key?: string;
}

/** A place only React fills (a form it loads later); the DOM drawing leaves it empty, as React does until then. */
export interface ViewSlot {
  slot: string;
}

export type ViewChild = ViewElement | ViewSlot | string | null | undefined | false;

/** The attribute that names what a tap on an element means, the same in every drawing: the hand-overs find an element by it. */
export const TAP_KEY_ATTRIBUTE = 'data-cart-key';
/** Marks the element that holds the cart's screen, in every drawing: the hand-over finds both by it. */
export const CART_SCREEN_ATTRIBUTE = 'data-cart-screen';
/** On an image: the picture to show when its own fails to load. */
export const FALLBACK_SRC_ATTRIBUTE = 'data-fallback-src';

export function el(tag: string, attributes: ViewAttributes, ...children: ViewChild[]): ViewElement {
  return { tag, attributes, children };
}

export const isElement = (child: ViewChild): child is ViewElement => typeof child === 'object' && child !== null && 'tag' in child;

/** Draws a description with the DOM alone. */
export function toDom(view: ViewElement): HTMLElement {
  const element = document.createElement(view.tag);
  for (const [name, value] of Object.entries(view.attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  for (const child of view.children) {
    if (typeof child === 'string') element.append(child);
    else if (isElement(child)) element.append(toDom(child));
  }
  return element;
}

/**
 * Puts a drawing in place of what a container shows, unless the two are equal: a control replaced
 * between a press and its release loses the tap, and most redraws (another tab, a lookup answering)
 * change nothing. The focused control, found again by its `keyAttribute`, keeps the focus. Returns
 * whether the drawing went in.
 */
export function redraw(container: Element, drawing: HTMLElement, keyAttribute: string): boolean {
  if (container.childElementCount === 1 && container.firstElementChild!.isEqualNode(drawing)) return false;
  const focused = document.activeElement;
  const focusKey = focused && container.contains(focused) ? focused.closest(`[${keyAttribute}]`)?.getAttribute(keyAttribute) : null;
  container.replaceChildren(drawing);
  if (focusKey) container.querySelector<HTMLElement>(`[${keyAttribute}="${focusKey}"]`)?.focus({ preventScroll: true });
  return true;
}

/** Puts an image's fallback in place when its own picture fails (listened for on an ancestor: `error` does not bubble). */
export function showFallbackImage(event: Event): void {
  const image = event.target;
  const fallback = image instanceof HTMLImageElement ? image.getAttribute(FALLBACK_SRC_ATTRIBUTE) : null;
  if (image instanceof HTMLImageElement && fallback && image.getAttribute('src') !== fallback) image.setAttribute('src', fallback);
}
