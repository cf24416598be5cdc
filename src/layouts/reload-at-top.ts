/**
 * A reload opens at the top; new navigations start there by the browser's own rule and Back/Forward
 * restore the place. Inline in the head, so restoration is off before Chromium could restore the old
 * place (from a module script it sometimes restored after the reset). Kept as text so
 * astro.config.mjs can put its hash in the page's Content-Security-Policy.
 */
export const RELOAD_AT_TOP_SCRIPT = `(() => {
  const [navigation] = performance.getEntriesByType('navigation');
  if (navigation && navigation.type === 'reload' && !location.hash) {
    history.scrollRestoration = 'manual';
    addEventListener('pagehide', () => (history.scrollRestoration = 'auto'));
  }
})();`;
