import type { ClientDirective } from 'astro';
import { HYDRATE_NOW_EVENT, hydrateNowAsked } from '../../lib/browser/hydrate-now';

/*
 * client:interact — hydrates an island on the customer's first interaction with it (pointer, key or
 * focus), not at load: a page that is only read never downloads React. Until then the island's
 * server-rendered markup works through static-cart-controls.ts.
 * React is fetched early enough to feel instant: on the first pointerdown/touchstart anywhere on the
 * page, or as the island scrolls into view on a fast connection (never with Save-Data or on a
 * 2G/3G effective connection, where it waits for the interaction).
 * client:interact="page" hydrates on the first sign of the customer anywhere on the page (a touch, a
 * key, focus, a scroll or the mouse moving): for an island whose first screen a script outside React
 * has drawn (the /cart page), which React replaces as it hydrates. Any island also hydrates at once
 * when the page asks for it (hydrate-now.ts).
 */

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

function onFastConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return !connection || (!connection.saveData && !SLOW_CONNECTIONS.has(connection.effectiveType ?? ''));
}

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const PAGE_ACTIVITY = [...INTERACTIONS, 'scroll', 'pointermove'] as const;

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  let loading: ReturnType<typeof load> | undefined;
  const fetchIsland = () => (loading ??= load());
  let observer: IntersectionObserver | undefined;
  const watched: EventTarget = options.value === 'page' ? document : el;
  const triggers = options.value === 'page' ? PAGE_ACTIVITY : INTERACTIONS;
  let started = false;

  // Its listeners stay: once started, each further call returns at once (removing them would cost
  // every product and list page bytes before the first tap).
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    void fetchIsland().then((hydrate) => hydrate());
  };
  if (hydrateNowAsked()) {
    start();
    return;
  }
  for (const type of triggers) watched.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener(HYDRATE_NOW_EVENT, start, { once: true });

  // The first touch anywhere on the page means a customer who may tap next: fetch (not hydrate) now.
  for (const type of ['pointerdown', 'touchstart'] as const) document.addEventListener(type, () => void fetchIsland(), { once: true, passive: true });

  // A control the customer scrolls to on a fast connection is fetched as it comes into view. Only
  // after a scroll: what is in view at load is never fetched unasked, so a page that is only read
  // costs no React.
  if (onFastConnection() && 'IntersectionObserver' in window) {
    addEventListener(
      'scroll',
      () => {
        if (loading) return;
        observer = new IntersectionObserver((entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          void fetchIsland();
        });
        for (const child of el.children) observer.observe(child);
      },
      { once: true, passive: true },
    );
  }
};

export default hydrateOnInteraction;
