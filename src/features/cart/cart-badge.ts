import { CART_STORAGE_KEY, decodeCart } from '@/domain/stored-cart';

/** Shows the number of distinct cart lines in every [data-cart-badge], hidden at 0. */
function showCount(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
}

/** Counts the lines as the cart store keeps them, with the store's own reader. */
function showStoredCount(encoded: string | null): void {
  showCount(decodeCart(encoded).items.length);
}

if (document.querySelector('astro-island')) {
  // Pages with cart islands load the store anyway: follow it live.
  void import('./cart-store').then(({ $cartLineCount }) => $cartLineCount.subscribe(showCount));
} else {
  // Elsewhere the cart can only change in another tab.
  showStoredCount(localStorage.getItem(CART_STORAGE_KEY));
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) showStoredCount(event.newValue);
  });
}
