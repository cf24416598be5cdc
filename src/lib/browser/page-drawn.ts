/**
 * The order page and My orders draw a signed-in customer's own data before supabase-js loads: their
 * holder carries `data-session-after-draw`, and start-session.ts starts the session (supabase-js, the
 * header's check, the cart sync) only once the page says it has drawn, so ~100 KB of supabase-js does
 * not share a slow phone's connection with the page's own reads.
 */
export const PAGE_DRAWN_EVENT = 'medikart:page-drawn';
const DRAWN_ATTRIBUTE = 'data-page-drawn';

/** Said by such a page once its data (or its error) is on screen. */
export function pageDrawn(): void {
  document.documentElement.setAttribute(DRAWN_ATTRIBUTE, '');
  document.dispatchEvent(new Event(PAGE_DRAWN_EVENT));
}

/** Runs `start` at once on other pages; on such a page, when the browser is idle after it has drawn. */
export function afterPageDrawn(start: () => void): void {
  if (!document.querySelector('[data-session-after-draw]') || document.documentElement.hasAttribute(DRAWN_ATTRIBUTE)) return start();
  document.addEventListener(PAGE_DRAWN_EVENT, () => ('requestIdleCallback' in window ? requestIdleCallback(() => start()) : setTimeout(start)), { once: true });
}
