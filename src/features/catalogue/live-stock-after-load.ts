/**
 * Product and list pages learn true stock once they have loaded: the availability script and its
 * request wait for the load event, so neither competes with the first paint or counts against the
 * 10 KB a page may load before the first tap (bench:stock prints the script's own size).
 */
export function showLiveStockAfterLoad(): void {
  const show = () => void import('./live-stock').then(({ showLiveStock }) => showLiveStock());
  if (document.readyState === 'complete') show();
  else addEventListener('load', show, { once: true });
}
