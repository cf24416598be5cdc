import { UTM_LANDING_SCRIPT } from '../features/checkout/utm-landing-integration.ts';
import { virtualTextModule } from '../lib/inline-script.ts';
import { ZOD_JITLESS_SCRIPT } from '../lib/zod-jitless.ts';
import { LANGUAGE_CHOICE_SCRIPT } from '../lib/language-choice.ts';

/**
 * A reload opens at the top; new navigations start there by the browser's own rule and Back/Forward
 * restore the place. Chromium decides a reload's restoration from the old document's setting, so
 * history.scrollRestoration set here comes too late: instead, until the customer's first wheel, touch,
 * key or click, any scroll (the browser's restoring) goes back to the top. Written minified: it
 * counts against the 10 KB a product or list page may load before the first tap.
 */
const RELOAD_AT_TOP_SCRIPT = `(()=>{let[n]=performance.getEntriesByType("navigation");if(n&&n.type=="reload"&&!location.hash){let t=()=>scrollTo(0,0),o=()=>removeEventListener("scroll",t);addEventListener("scroll",t);for(let e of["wheel","touchstart","keydown","mousedown"])addEventListener(e,o,{once:!0,capture:!0})}})();`;

/**
 * Every page's first inline script: zod's jitless switch, the reload-at-top switch, the landing
 * address's campaign kept for the order (src/features/checkout/utm-landing.ts, before any module
 * script loads) and the remembered language (language-choice.ts) in one tag. BaseLayout takes it from `virtual:head-start`; astro.config.mjs puts its
 * hash in the page's Content-Security-Policy.
 */
export const HEAD_START_SCRIPT = ZOD_JITLESS_SCRIPT + RELOAD_AT_TOP_SCRIPT + UTM_LANDING_SCRIPT + LANGUAGE_CHOICE_SCRIPT;
export const headStartModule = virtualTextModule('virtual:head-start', HEAD_START_SCRIPT);
