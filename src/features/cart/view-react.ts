import { createElement, type ReactNode, type SyntheticEvent } from 'react';
import { CART_ACTION_ATTRIBUTE } from './cart-control-markup';
import { FALLBACK_SRC_ATTRIBUTE, isElement, TAP_KEY_ATTRIBUTE, type ViewChild } from './view-tree';

/*
 * React's drawing of a view description (view-tree.ts): the same elements and attributes toDom
 * draws, with React's handlers on them. A button or radio answers through `onTap` with its tap key
 * (a product control's button with its cart action), the one meaning every drawing shares.
 */

export interface ViewHandlers {
  onTap(key: string): void;
  /** What React draws into each named slot. */
  slots?: Readonly<Record<string, ReactNode>>;
}

function showFallback(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  const fallback = image.getAttribute(FALLBACK_SRC_ATTRIBUTE);
  if (fallback && image.getAttribute('src') !== fallback) image.setAttribute('src', fallback);
}

export function toReact(child: ViewChild, handlers: ViewHandlers): ReactNode {
  if (typeof child === 'string') return child;
  if (!child) return null;
  if (!isElement(child)) return handlers.slots?.[child.slot] ?? null;
  const props: Record<string, unknown> = { key: child.key };
  for (const [name, value] of Object.entries(child.attributes)) {
    if (value === null || value === undefined || value === false) continue;
    // React writes `true` into a data- or aria- attribute as "true"; the DOM drawing's bare attribute is "".
    props[name === 'class' ? 'className' : name] = value === true && name.includes('-') ? '' : value;
  }
  const tap = child.attributes[TAP_KEY_ATTRIBUTE] ?? child.attributes[CART_ACTION_ATTRIBUTE];
  if (typeof tap === 'string' && child.tag === 'button') props.onClick = () => handlers.onTap(tap);
  if (typeof tap === 'string' && child.tag === 'input') props.onChange = () => handlers.onTap(tap);
  if (child.tag === 'img' && child.attributes[FALLBACK_SRC_ATTRIBUTE]) props.onError = showFallback;
  return createElement(child.tag, props, ...child.children.map((grandchild) => toReact(grandchild, handlers)));
}
