/**
 * The order page and My orders draw a signed-in customer's own data before supabase-js loads: their
 * holder carries this attribute in the HTML, and the stored session (supabase-js, the header's check,
 * the cart sync: layouts/session-start.ts) starts once the page has drawn and taken it off, so ~100 KB
 * of supabase-js does not share a slow phone's connection with the page's own reads.
 */
export const SESSION_AFTER_DRAW = 'data-session-after-draw';

/** Said by such a page once its data (or its error) is on screen. */
export function pageDrawn(holder: HTMLElement): void {
  holder.removeAttribute(SESSION_AFTER_DRAW);
}
