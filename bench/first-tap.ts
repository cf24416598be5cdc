/**
 * Tap-to-badge on a product page under Lighthouse's mobile throttling (DevTools values of its
 * slow-4G preset: 562.5 ms request latency, 1.47 Mbps down, 675 Kbps up; CPU 4x slower):
 *  (a) the tap on Add made before React has loaded (the static script answers it, the pointerdown
 *      starts loading React), (b) made after the island has hydrated.
 * For each: ms from the pointerdown to the header badge showing 1. For (a) also: ms until the
 * quantity control (minus / quantity / plus) is on screen and answering taps (drawn by the static
 * script; a tap on plus is then made and the ms it takes to show 2 are reported), and ms until React
 * owns the control (hydrated).
 * Usage: tsx bench/first-tap.ts <origin> <product path>   (a server must be running)
 */
import puppeteer, { type Page } from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface FirstTapFigures {
  beforeReact: { tapToBadgeMs: number; tapToInteractiveMs: number; plusAnsweredMs: number; tapToHydratedMs: number };
  afterReact: { tapToBadgeMs: number };
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** How long a watch waits for what it watches before it answers with what it saw (0 for what never came). */
const GIVE_UP_MS = 30_000;

/**
 * Resolves in the page with the times of the next pointerdown on the Add button, the badge showing
 * 1 and the island hydrating (-1: it already had). Passed as source text: tsx would otherwise wrap
 * the function with helpers the page lacks.
 */
const WATCH_TAP = `new Promise((resolve) => {
  const add = document.querySelector('[data-cart-action="add"]');
  const island = add.closest('astro-island');
  const badge = document.querySelector('[data-cart-badge]');
  const times = { down: 0, badge: 0, stepper: 0, hydrated: island.hasAttribute('ssr') ? 0 : -1 };
  setTimeout(() => resolve(times), ${GIVE_UP_MS});
  const settle = () => { if (times.badge && times.stepper && times.hydrated) resolve(times); };
  new MutationObserver((_, observer) => {
    if (!island.querySelector('[data-cart-action="increase"]')) return;
    times.stepper = performance.now();
    observer.disconnect();
    settle();
  }).observe(island, { childList: true, subtree: true });
  add.addEventListener('pointerdown', (event) => (times.down = event.timeStamp), { once: true, capture: true });
  new MutationObserver((_, observer) => {
    if (badge.hidden || badge.textContent !== '1') return;
    times.badge = performance.now();
    observer.disconnect();
    settle();
  }).observe(badge, { attributes: true, childList: true, characterData: true, subtree: true });
  if (times.hydrated === 0) {
    new MutationObserver((_, observer) => {
      if (island.hasAttribute('ssr')) return;
      times.hydrated = performance.now();
      observer.disconnect();
      settle();
    }).observe(island, { attributes: true });
  }
})`;

interface TapTimes {
  down: number;
  badge: number;
  stepper: number;
  hydrated: number;
}

/**
 * Resolves with the ms from the next pointerdown on plus to the quantity showing 2. Watched on the
 * island, not on one output: React may replace the control while the tap is answered.
 */
const WATCH_PLUS = `new Promise((resolve) => {
  setTimeout(() => resolve(NaN), ${GIVE_UP_MS});
  const plus = document.querySelector('[data-cart-action="increase"]');
  const island = plus.closest('astro-island');
  let down = 0;
  island.addEventListener('pointerdown', (event) => (down = event.target.closest('[data-cart-action="increase"]') ? event.timeStamp : down), { capture: true });
  new MutationObserver((_, observer) => {
    if (island.querySelector('output')?.textContent !== '2') return;
    observer.disconnect();
    resolve(performance.now() - down);
  }).observe(island, { childList: true, characterData: true, subtree: true });
})`;

/**
 * Starts a watch in the page and returns once it is in place, so the tap it times comes after it
 * (an evaluate left running can lose that race to the click); the function returned answers what it saw.
 */
async function startWatch<T>(page: Page, slot: string, watch: string): Promise<() => Promise<T>> {
  await page.evaluate(`window.${slot} = ${watch}; undefined`);
  return () => page.evaluate(`window.${slot}`) as Promise<T>;
}

function seenInFull(times: TapTimes, which: string): TapTimes {
  if (!times.down || !times.badge || !times.stepper || !times.hydrated) throw new Error(`${which}: the tap was not seen in full within ${GIVE_UP_MS} ms: ${JSON.stringify(times)}`);
  return times;
}

export async function measureFirstTap(origin: string, productPath: string): Promise<FirstTapFigures> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    // Each in a context of its own: the first tap's cart must not reach the second page.
    const before = await (await browser.createBrowserContext()).newPage();
    await before.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    await throttle(before);
    // Save-Data: React is not fetched on view, so the tap really comes before it.
    await before.evaluateOnNewDocument('Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ saveData: true }) })');
    await before.goto(`${origin}${productPath}`, { waitUntil: 'domcontentloaded' });
    const watchBefore = await startWatch<TapTimes>(before, '__tapBeforeReact', WATCH_TAP);
    await before.click('[data-cart-action="add"]');
    // The quantity control answers a tap while React is still on its way.
    await before.waitForSelector('astro-island[ssr] [data-cart-action="increase"]');
    const watchPlus = await startWatch<number>(before, '__plus', WATCH_PLUS);
    await before.click('[data-cart-action="increase"]');
    const plusAnsweredMs = await watchPlus();
    const a = seenInFull(await watchBefore(), 'before React');

    const after = await (await browser.createBrowserContext()).newPage();
    await after.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    await throttle(after);
    await after.goto(`${origin}${productPath}`, { waitUntil: 'load' });
    await after.focus('[data-cart-action="add"]');
    await after.waitForSelector('astro-island:not([ssr]) [data-cart-action="add"]');
    const watchAfter = await startWatch<TapTimes>(after, '__tapAfterReact', WATCH_TAP);
    await after.click('[data-cart-action="add"]');
    const b = seenInFull(await watchAfter(), 'after React');
    return {
      beforeReact: { tapToBadgeMs: a.badge - a.down, tapToInteractiveMs: a.stepper - a.down, plusAnsweredMs, tapToHydratedMs: a.hydrated - a.down },
      afterReact: { tapToBadgeMs: b.badge - b.down },
    };
  } finally {
    await browser.close();
  }
}

export function printFirstTap(figures: FirstTapFigures): void {
  console.log('\nTap on Add to Cart on a product page, Lighthouse mobile throttling (targets: badge <= 100 ms, interactive <= 1000 ms)');
  const { tapToBadgeMs, tapToInteractiveMs, plusAnsweredMs, tapToHydratedMs } = figures.beforeReact;
  console.log(
    `  before React loaded: badge ${tapToBadgeMs.toFixed(0)} ms, quantity control interactive ${tapToInteractiveMs.toFixed(0)} ms ` +
      `(a tap on plus then answered in ${plusAnsweredMs.toFixed(0)} ms), React owns it after ${tapToHydratedMs.toFixed(0)} ms`,
  );
  console.log(`  after React loaded:  badge ${figures.afterReact.tapToBadgeMs.toFixed(0)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin = 'http://localhost:8888', productPath = '/products'] = process.argv.slice(2);
  printFirstTap(await measureFirstTap(origin, productPath));
}
