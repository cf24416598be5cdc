import { ZOD_JITLESS_SCRIPT } from '../lib/zod-jitless.ts';

/**
 * A reload opens at the top; new navigations start there by the browser's own rule and Back/Forward
 * restore the place. Chromium decides a reload's restoration from the old document's setting, so
 * history.scrollRestoration set here comes too late: instead, until the customer's first wheel, touch,
 * key or click, any scroll (the browser's restoring) goes back to the top. Written minified: it
 * counts against the 10 KB a product or list page may load before the first tap.
 */
const RELOAD_AT_TOP_SCRIPT = `(()=>{let[n]=performance.getEntriesByType("navigation");if(n&&n.type=="reload"&&!location.hash){let t=()=>scrollTo(0,0),o=()=>removeEventListener("scroll",t);addEventListener("scroll",t);for(let e of["wheel","touchstart","keydown","mousedown"])addEventListener(e,o,{once:!0,capture:!0})}})();`;

/**
 * Every page's first inline script: zod's jitless switch and the reload-at-top switch in one tag.
 * Kept as text so astro.config.mjs can put its hash in the page's Content-Security-Policy.
 */
export const HEAD_START_SCRIPT = ZOD_JITLESS_SCRIPT + RELOAD_AT_TOP_SCRIPT;
