import { ZOD_JITLESS_SCRIPT } from '../lib/zod-jitless.ts';

/**
 * A reload opens at the top; new navigations start there by the browser's own rule and Back/Forward
 * restore the place. Inline in the head, so restoration is off before Chromium could restore the old
 * place (from a module script it sometimes restored after the reset). Written minified: it counts
 * against the 10 KB a product or list page may load before the first tap.
 */
const RELOAD_AT_TOP_SCRIPT = `(()=>{let[n]=performance.getEntriesByType("navigation");n&&n.type=="reload"&&!location.hash&&(history.scrollRestoration="manual",addEventListener("pagehide",()=>history.scrollRestoration="auto"))})();`;

/**
 * Every page's first inline script: zod's jitless switch and the reload-at-top switch in one tag.
 * Kept as text so astro.config.mjs can put its hash in the page's Content-Security-Policy.
 */
export const HEAD_START_SCRIPT = ZOD_JITLESS_SCRIPT + RELOAD_AT_TOP_SCRIPT;
