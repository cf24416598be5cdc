import { afterEach, vi } from 'vitest';

/**
 * Every test file shares its worker's globals with the files after it (vitest.config.ts, isolate:
 * false): what a test stubs or spies on is put back as it ends, before the next file's hooks run.
 * A `window` left stubbed made PGlite's loader in the next file take Node for a browser.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
