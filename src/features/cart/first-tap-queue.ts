/** The window property the inline first-tap script queues taps under (an array until the static script replaces it). */
export const FIRST_TAP_QUEUE = 'cartTaps';
export interface FirstTapQueue {
  push(target: Element): unknown;
}

/**
 * Inline in every page's head, before any script file arrives: a tap on a cart control that React
 * does not own yet is queued (or, once static-cart-controls.ts has loaded, handed to it), so a tap
 * on a slow phone's first seconds is never lost. Kept as text so astro.config.mjs can put its hash
 * into the Content-Security-Policy; written minified, as it counts against what a product or list
 * page may load before the first tap.
 */
export const FIRST_TAP_SCRIPT = `(()=>{window.${FIRST_TAP_QUEUE}=window.${FIRST_TAP_QUEUE}||[];document.addEventListener("click",e=>{let t=e.target.closest?.("[data-cart-action]");t&&t.closest("astro-island[ssr]")&&window.${FIRST_TAP_QUEUE}.push(t)})})();`;
