/**
 * Shows the number of distinct cart lines in every [data-cart-badge], hidden at 0: for the layout's
 * badge script (cart-badge.ts) and for the product controls' script (static-cart-controls.ts), which
 * holds the cart store from the page's start, so a first tap shows on the badge at once rather than
 * after the layout's follower has loaded the store a round trip later.
 */
export function showLineCount(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
}
