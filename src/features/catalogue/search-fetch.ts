/**
 * The one fetch of the search index's files, in a module of its own so the /products page can
 * start fetching the manifest before the search code has arrived.
 */

/** Where the build writes the index's manifest; the shards, price places and cards live under its version. */
export const SEARCH_MANIFEST_URL = '/search/index.json';

export async function fetchSearchFile(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}
