import { showLineCount as showCount } from './badge-count';

/** Counts the lines as the cart store keeps them, with the store's own reader (loaded only when a cart is stored). */
function showStoredCount(encoded: string | null): void {
  if (!encoded) showCount(0);
  else void import('./cart-badge-loads').then(({ decodeCart }) => showCount(decodeCart(encoded).items.length));
}

if (document.querySelector('astro-island:not([client="form"])')) {
  // Pages with cart islands load the store anyway: follow it live. A form's island (sign-in,
  // contact: client:form) never uses it: loading it there held back the page's largest paint.
  void import('./cart-badge-loads').then(({ $cart, cartLineCount }) => $cart.subscribe((cart) => showCount(cartLineCount(cart))));
} else {
  // Elsewhere the cart can only change in another tab. The key comes with the badge's HTML, so
  // a page without a stored cart loads no cart code at all.
  const key = document.querySelector<HTMLElement>('[data-cart-badge]')?.dataset.cartKey;
  if (key) {
    showStoredCount(localStorage.getItem(key));
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) showStoredCount(event.newValue);
    });
  }
}
