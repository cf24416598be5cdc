/**
 * The order page and My orders draw a signed-in customer's own data before supabase-js loads: their
 * holder carries this attribute in the HTML, and the stored session (supabase-js, the header's check,
 * the cart sync: layouts/session-start.ts) starts only once the page has drawn and the customer acts
 * on it, so ~55 KB of supabase-js neither shares a slow phone's connection with the page's own reads
 * nor its processor with a customer who is only reading. Nothing there needs it before: the header
 * shows the stored session from the first paint, and a tap that needs the session (Logout, a
 * cancellation with a token that has run out) loads it itself.
 * Both facts are kept on the holder, since the session's script may arrive after either.
 */
export const SESSION_AFTER_DRAW = 'data-session-after-draw';
const DRAWN = 'drawn';
const CUSTOMER_ACTED = 'data-customer-acted';
/** What counts as acting on the page (reading and scrolling do not). */
const ACTIONS = ['pointerdown', 'keydown'] as const;

/** Said by such a page as its script starts: from then on the customer's first tap or key is noted. */
export function noteFirstAction(holder: HTMLElement): void {
  for (const type of ACTIONS) addEventListener(type, () => holder.setAttribute(CUSTOMER_ACTED, ''), { once: true, capture: true, passive: true });
}

/** Said by such a page once its data (or its error) is on screen. */
export function pageDrawn(holder: HTMLElement): void {
  holder.setAttribute(SESSION_AFTER_DRAW, DRAWN);
}

/** Resolves once the holder's page has drawn and the customer has acted on it (at once if both happened). */
export function whenDrawnAndUsed(holder: Element): Promise<void> {
  const ready = () => holder.getAttribute(SESSION_AFTER_DRAW) === DRAWN && holder.hasAttribute(CUSTOMER_ACTED);
  return new Promise((resolve) => {
    if (ready()) return resolve();
    new MutationObserver((_, observer) => {
      if (!ready()) return;
      observer.disconnect();
      resolve();
    }).observe(holder, { attributes: true, attributeFilter: [SESSION_AFTER_DRAW, CUSTOMER_ACTED] });
  });
}
