import * as z from 'zod/mini';
import {
  cardFile,
  combineWords,
  orderMatches,
  priceOrder,
  queryWords,
  scoreWord,
  searchFileUrl,
  shardsForWord,
  type FirstShard,
  type GramShard,
  type SearchManifest,
  type SearchOrder,
} from './search-engine';
import { readSearchCard } from './product-search';
import { fetchSearchFile } from './search-fetch';

/** Reads one of the index's JSON files; the engine trusts the shape the build wrote below the manifest. */
export type FetchJson = (url: string) => Promise<unknown>;

const manifestSchema = z.object({ version: z.string(), count: z.int().check(z.nonnegative()), shards: z.array(z.string()) });

/**
 * The search index in the browser: the manifest first, then only the shards a query's words need
 * (each fetched once), the prices only for a price order, and a result's card when it is shown.
 */
export interface SearchClient {
  /** Product ordinals (name order) matching the query, in the order asked. */
  search(query: string, order: SearchOrder): Promise<number[]>;
  /** The product card (its catalogue entry) at an ordinal, read from the card files laid out for the order it is listed in. */
  card(ordinal: number, order: SearchOrder): Promise<unknown>;
}

/** The search over the index whose manifest (SEARCH_MANIFEST_URL's content) is given. */
export function openSearch(manifestJson: unknown, fetchJson: FetchJson = fetchSearchFile): SearchClient {
  const manifest: SearchManifest = manifestSchema.parse(manifestJson);
  const existing = new Set(manifest.shards);
  const files = new Map<string, Promise<unknown>>();
  const file = (name: string): Promise<unknown> => {
    let loaded = files.get(name);
    if (!loaded) {
      loaded = fetchJson(searchFileUrl(manifest.version, name));
      // A failed file is fetched again by the next search rather than remembered.
      loaded.catch(() => files.delete(name));
      files.set(name, loaded);
    }
    return loaded;
  };

  let placesByPrice: Promise<Int32Array> | undefined;
  const placeByPrice = async (ordinal: number): Promise<number> => {
    placesByPrice ??= (file('prices') as Promise<number[]>).then((prices) => {
      const places = new Int32Array(prices.length);
      priceOrder(prices).forEach((inOrder, place) => (places[inOrder] = place));
      return places;
    });
    placesByPrice.catch(() => (placesByPrice = undefined));
    return (await placesByPrice)[ordinal]!;
  };

  return {
    async search(query, order) {
      const words = queryWords(query);
      const [perWord, prices] = await Promise.all([
        Promise.all(
          words.map(async (word) => {
            const shards = await Promise.all(shardsForWord(word).filter((name) => existing.has(name)).map(file));
            return scoreWord(word, shards as (GramShard | FirstShard)[], manifest.count);
          }),
        ),
        order === 'price-low' || order === 'price-high' ? (file('prices') as Promise<number[]>) : undefined,
      ]);
      return orderMatches(combineWords(perWord, manifest.count), order, prices);
    },
    async card(ordinal, order) {
      const byPrice = order === 'price-low' || order === 'price-high';
      const { file: name, at } = byPrice ? cardFile(await placeByPrice(ordinal), 'price') : cardFile(ordinal, 'name');
      return ((await file(name)) as unknown[])[at];
    },
  };
}

/** Up to `limit` product names for the query, best first: the header's suggestions. */
export async function suggestNames(client: SearchClient, query: string, limit = 8): Promise<string[]> {
  if (queryWords(query).length === 0) return [];
  const best = (await client.search(query, 'relevance')).slice(0, limit);
  return Promise.all(best.map(async (ordinal) => readSearchCard(await client.card(ordinal, 'relevance')).name));
}
