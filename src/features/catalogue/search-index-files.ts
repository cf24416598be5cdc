import { createHash } from 'node:crypto';
import {
  CARDS_PER_FILE,
  cardFile,
  FIELD_COUNT,
  priceOrder,
  pricePlacesFiles,
  shardName,
  toGaps,
  type CardLayout,
  type FieldPostings,
  type SearchManifest,
  type SearchRow,
} from './search-engine';

/** The index's files (see search-engine.ts), as JSON text by file name ('gram/me', 'price-places/0'), and its manifest. */
export interface SearchIndexFiles {
  manifest: SearchManifest;
  files: Map<string, string>;
}

/** More products than this would not fit the sort keys of search-engine.ts. */
const MAX_PRODUCTS = 2 ** 21;

const emptyPostings = (): number[][] => Array.from({ length: FIELD_COUNT }, () => []);

/** Adds an ordinal once: rows come in ordinal order, so a repeat is always the last one. */
function addOnce(list: number[], ordinal: number): void {
  if (list.at(-1) !== ordinal) list.push(ordinal);
}

/** Builds the sharded index from the rows (in name order): a term's postings are written once and copied into each shard of its letter pairs. */
export function searchIndexFiles(rows: readonly SearchRow[]): SearchIndexFiles {
  if (rows.length > MAX_PRODUCTS) throw new Error(`The search index holds at most ${MAX_PRODUCTS} products`);
  const terms = new Map<string, number[][]>();
  const firsts = new Map<string, number[][]>();
  rows.forEach(([, ...fields], ordinal) => {
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      for (const term of (fields[field] as string).split(' ')) {
        if (term === '') continue;
        let postings = terms.get(term);
        if (!postings) terms.set(term, (postings = emptyPostings()));
        addOnce(postings[field]!, ordinal);
        let first = firsts.get(term[0]!);
        if (!first) firsts.set(term[0]!, (first = emptyPostings()));
        addOnce(first[field]!, ordinal);
      }
    }
  });

  const grams = new Map<string, string[]>();
  for (const [term, postings] of terms) {
    const entry = JSON.stringify([term, ...postings.map(toGaps)]);
    const pairs = new Set<string>();
    for (let at = 0; at + 2 <= term.length; at += 1) pairs.add(term.slice(at, at + 2));
    for (const pair of pairs) {
      const name = shardName('gram', pair);
      let shard = grams.get(name);
      if (!shard) grams.set(name, (shard = []));
      shard.push(entry);
    }
  }

  const files = new Map<string, string>();
  for (const [name, entries] of grams) files.set(name, `[${entries.join(',')}]`);
  for (const [letter, postings] of firsts) files.set(shardName('first', letter), JSON.stringify(postings.map(toGaps) as FieldPostings));
  const shards = [...files.keys()].sort();
  for (const [name, places] of pricePlacesFiles(rows.map((row) => row[6]))) files.set(name, JSON.stringify(places));
  const hash = createHash('sha256');
  for (const [name, text] of files) hash.update(name).update(text);
  return { manifest: { version: hash.digest('hex').slice(0, 16), count: rows.length, shards }, files };
}

/** The result cards (JSON text, by ordinal) as the search's card files, in name order and in price order (prices in paise by ordinal). */
export function* searchCardFiles(cards: readonly string[], prices: readonly number[]): Generator<[file: string, text: string]> {
  const layouts: [CardLayout, number[]][] = [
    ['name', [...cards.keys()]],
    ['price', priceOrder(prices)],
  ];
  for (const [layout, ordinals] of layouts) {
    for (let first = 0; first < ordinals.length; first += CARDS_PER_FILE[layout]) {
      const file = ordinals.slice(first, first + CARDS_PER_FILE[layout]).map((ordinal) => cards[ordinal]);
      yield [cardFile(first, layout).file, `[${file.join(',')}]`];
    }
  }
}
