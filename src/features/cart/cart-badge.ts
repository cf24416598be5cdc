import { STORED_CART_KEY, storedCartLineCount } from './cart-line-count';

/** Shows the number of distinct cart lines in every [data-cart-badge], hidden at 0. */
function showCount(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
}

if (document.querySelector('astro-island')) {
  // Pages with cart islands load the store anyway: follow it live.
  void import('./cart-store').then(({ $cartLineCount }) => $cartLineCount.subscribe(showCount));
} else {
  // Elsewhere the cart can only change in another tab.
  showCount(storedCartLineCount(localStorage.getItem(STORED_CART_KEY)));
  window.addEventListener('storage', (event) => {
    if (event.key === STORED_CART_KEY || event.key === null) showCount(storedCartLineCount(event.newValue));
  });
}
