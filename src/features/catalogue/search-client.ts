import * as z from 'zod/mini';
import {
  cardFile,
  combineWords,
  orderByPricePlaces,
  orderMatches,
  pricePlacesFile,
  queryWords,
  scoreWord,
  searchFileUrl,
  shardsForWord,
  type FirstShard,
  type GramShard,
  type PricePlacesFile,
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
 * (each fetched once), for a price order the price places of the matches only, and a result's
 * card when it is shown.
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

  /** The price place files holding these ordinals, by file name. */
  const pricePlaces = async (ordinals: Iterable<number>): Promise<Map<string, PricePlacesFile>> => {
    const names = new Set<string>();
    for (const ordinal of ordinals) names.add(pricePlacesFile(ordinal).file);
    return new Map(await Promise.all([...names].map(async (name) => [name, (await file(name)) as PricePlacesFile] as const)));
  };

  return {
    async search(query, order) {
      const words = queryWords(query);
      const perWord = await Promise.all(
        words.map(async (word) => {
          const shards = await Promise.all(shardsForWord(word).filter((name) => existing.has(name)).map(file));
          return scoreWord(word, shards as (GramShard | FirstShard)[], manifest.count);
        }),
      );
      const matches = combineWords(perWord, manifest.count);
      if (order !== 'price-low' && order !== 'price-high') return orderMatches(matches, order);
      const files = await pricePlaces(matches.ordinals);
      return orderByPricePlaces(matches.ordinals, order, (ordinal) => {
        const { file: name, at } = pricePlacesFile(ordinal);
        const [places, samePriceBefore] = files.get(name)!;
        return [places[at]!, samePriceBefore[at]!];
      });
    },
    async card(ordinal, order) {
      const byPrice = order === 'price-low' || order === 'price-high';
      const placeOf = async () => {
        const { file: name, at } = pricePlacesFile(ordinal);
        return ((await file(name)) as PricePlacesFile)[0][at]!;
      };
      const { file: name, at } = byPrice ? cardFile(await placeOf(), 'price') : cardFile(ordinal, 'name');
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
