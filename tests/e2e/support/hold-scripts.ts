import type { Page, Route } from '@playwright/test';

/** Holds back the scripts whose paths match until released, and records which ones the page asked for. */
export async function holdScripts(page: Page, paths: RegExp): Promise<{ requested: () => string[]; release: () => void }> {
  const requested: string[] = [];
  const held: Route[] = [];
  let released = false;
  await page.route(paths, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    requested: () => requested,
    release: () => {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}
