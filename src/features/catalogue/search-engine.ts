import { foldText } from '../../domain/salt';
import { devanagariRuns, devanagariSoundKey, devanagariStarts, latinSoundKey } from './devanagari-search';

/*
 * The product search: an index of our own, written at build (search-index-files.ts) and searched in
 * the browser (search-client.ts). Pagefind was measured first and cannot match inside words
 * ("formin") or forgive a typo; see the README's Performance section for the comparison.
 *
 * The index is split into shards so a search fetches only what its words can match (at 100,000
 * products the whole index is over 1 MB gzip). Products are numbered in name order (their
 * ordinal), and each shard lists, per term, the ordinals of the products whose name, salt, brand,
 * conditions or rest hold that term:
 *  - `gram/<two letters>`: every term containing those two letters anywhere. A word of 2+ letters
 *    finds the terms it starts, and (3+ letters) those it is inside, in the shard of its first two
 *    letters. A term one typo from a 5+ letter word either starts with the word's first two
 *    letters or, when the typo is in those two, holds the word's 4th and 5th letters at its 3rd to
 *    5th place: the shard of those two letters has it.
 *  - `first/<letter>`: a one-letter word only matches word starts, so this shard is just the
 *    products with a word starting with that letter, per field.
 * A word typed in Devanagari is matched by sound (devanagari-search.ts) in the shards of the
 * two-letter starts its English spellings may have (and, in a word of 5+ sounds, of its sounds from
 * the 4th on, for a typo in the first ones), with the same prefix, inside and typo rules.
 */

/**
 * One product's searchable text, folded (lower case, no accents) at build: name, salt, brand,
 * conditions (primary uses and uses), the rest (category, marketer, therapeutic class), and its
 * selling price in paise, and the name as shown (for suggestions). Rows are in name order.
 */
export type SearchRow = [id: number, name: string, salt: string, brand: string, conditions: string, rest: string, pricePaise: number, displayName: string];

/** The searchable fields, in the ranking's order: name > salt > brand > condition > the rest. */
export const FIELD_COUNT = 5;
const WEIGHTS = [5, 4, 3, 2, 1] as const;
/** Fields matched inside words too: names and salts, where "formin" should find metformin. */
const INSIDE_WORDS = [true, true, false, false, false] as const;
/** Words this long or longer forgive one typo (a letter wrong, missing, extra or two swapped). */
export const TYPO_MIN_LENGTH = 5;
const INSIDE_MIN_LENGTH = 3;

/**
 * Per field (name, salt, brand, conditions, rest), ordinals in ascending order, each stored as the
 * gap from the one before; a run of consecutive ordinals as one negative number, minus its length
 * (products of one medicine are neighbours in name order, so runs are common).
 */
export type FieldPostings = [number[], number[], number[], number[], number[]];
/** A term of a gram shard and its postings. */
export type ShardTerm = [term: string, ...FieldPostings];
export type GramShard = ShardTerm[];
/** The products with a word starting with the shard's letter, per field. */
export type FirstShard = FieldPostings;

export interface SearchManifest {
  /** Changes with the index: the shards, price places and cards live under /search/<version>/. */
  version: string;
  /** Products indexed, numbered 0 to count - 1 in name order. */
  count: number;
  /** The shards that exist ('gram/me', 'first/m'): a query needs no request for one that does not. */
  shards: string[];
}

export type SearchOrder = 'relevance' | 'name' | 'price-low' | 'price-high';

/**
 * Result cards are stored twice: in name order, where the best matches of a search are mostly
 * neighbours, 32 to a file; and in price order (cheapest first, equal prices in name order), where
 * the cheapest or dearest matches of a search are, 128 to a file: the 48 cheapest of a search
 * matching one product in ten lie across ~500 places, so a price sort needs every file of that
 * span however they are cut, and bigger files fetch the same bytes in 4 requests rather than 16
 * (at 100,000 products a price sort waited ~70 ms per round of 6 requests on the local server).
 * A page of 48 results takes a few files either way, and 100,000 products take ~4,000 files
 * rather than 100,000 (each costs a 4 KB disk block).
 */
export const CARDS_PER_FILE: Readonly<Record<CardLayout, number>> = { name: 32, price: 128 };

export type CardLayout = 'name' | 'price';

/** The file holding the card at a place in a layout (an ordinal, or a place in price order), and its index in that file. */
export function cardFile(place: number, layout: CardLayout): { file: string; at: number } {
  const chunk = Math.floor(place / CARDS_PER_FILE[layout]);
  return { file: layout === 'name' ? `cards/${chunk}` : `cards-by-price/${chunk}`, at: place % CARDS_PER_FILE[layout] };
}

/** The ordinals in price order, cheapest first, equal prices in name order (the price layout of the cards). */
export function priceOrder(prices: readonly number[]): number[] {
  return orderMatches({ ordinals: Int32Array.from(prices.keys()), scores: new Int32Array(prices.length) }, 'price-low', prices);
}

/**
 * Each product's place in price order (cheapest first, equal prices in name order), by ordinal, in
 * files of this many ordinals. A price sort fetches only the files holding its matches (all the
 * prices of 100,000 products are 267 KB gzip), and the places both order the matches and find
 * their cards in the price layout, with no sort of the whole catalogue in the browser.
 */
export const PRICE_PLACES_PER_FILE = 4096;

/** Places by ordinal, and how many products before each in price order have the same price. */
export type PricePlacesFile = [places: number[], samePriceBefore: number[]];

/** The file holding an ordinal's place in price order, and its index there. */
export function pricePlacesFile(ordinal: number): { file: string; at: number } {
  return { file: `price-places/${Math.floor(ordinal / PRICE_PLACES_PER_FILE)}`, at: ordinal % PRICE_PLACES_PER_FILE };
}

/** The price place files by name (the build's side of pricePlacesFile), from the prices in paise by ordinal. */
export function pricePlacesFiles(prices: readonly number[]): Map<string, PricePlacesFile> {
  const places = new Array<number>(prices.length);
  const samePriceBefore = new Array<number>(prices.length);
  const inOrder = priceOrder(prices);
  inOrder.forEach((ordinal, place) => {
    const previous = inOrder[place - 1];
    places[ordinal] = place;
    samePriceBefore[ordinal] = previous !== undefined && prices[previous] === prices[ordinal] ? samePriceBefore[previous]! + 1 : 0;
  });
  const files = new Map<string, PricePlacesFile>();
  for (let first = 0; first < prices.length; first += PRICE_PLACES_PER_FILE) {
    const last = first + PRICE_PLACES_PER_FILE;
    files.set(pricePlacesFile(first).file, [places.slice(first, last), samePriceBefore.slice(first, last)]);
  }
  return files;
}

/** Where one shard, price places or card file lives, by the manifest's version. */
export function searchFileUrl(version: string, file: string): string {
  return `/search/${version}/${file}.json`;
}

/** Shard names for a key: letters and digits as they are, anything else as _ and its hex code ('.' is _2e). */
export function shardName(kind: 'gram' | 'first', key: string): string {
  return `${kind}/${[...key].map((character) => (/[a-z0-9]/.test(character) ? character : `_${character.charCodeAt(0).toString(16)}`)).join('')}`;
}

/** A word of a query: folded Latin text, or a Devanagari word with its sound key (devanagari-search.ts). */
export interface QueryWord {
  text: string;
  sound?: string;
}

export function queryWords(query: string): QueryWord[] {
  return devanagariRuns(query).flatMap((run): QueryWord[] => {
    if (!run.devanagari) return foldText(run.text).split(' ').filter(Boolean).map((text) => ({ text }));
    const sound = devanagariSoundKey(run.text);
    return sound === '' ? [] : [{ text: run.text, sound }];
  });
}

/** The shards a query word can match in (see the top of this file). */
export function shardsForWord(word: QueryWord): string[] {
  if (word.sound !== undefined) {
    const starts = new Set(devanagariStarts(word.text));
    if (word.sound.length >= TYPO_MIN_LENGTH) for (const start of devanagariStarts(word.text, 3)) starts.add(start);
    return [...starts].map((start) => shardName('gram', start));
  }
  const { text } = word;
  if (text.length === 1) return [shardName('first', text)];
  const shards = [shardName('gram', text.slice(0, 2))];
  if (text.length >= TYPO_MIN_LENGTH) shards.push(shardName('gram', text.slice(3, 5)));
  return shards;
}

/** True when a and b differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(start + 1) === shorter.slice(start);
}

/**
 * How well a query word matches a term in each field: 3 the term starts with it, 2 it is inside
 * the term (names and salts only), 1 with a typo (against the whole term, or the same length of
 * its start while the customer is still typing), 0 not at all.
 */
export function termMatch(word: string, term: string): number[] {
  if (term.startsWith(word)) return WEIGHTS.map(() => 3);
  const inside = word.length >= INSIDE_MIN_LENGTH && term.includes(word);
  const typo = word.length >= TYPO_MIN_LENGTH && (withinOneTypo(word, term) || withinOneTypo(word, term.slice(0, word.length)));
  return INSIDE_WORDS.map((insideWords) => (inside && insideWords ? 2 : typo ? 1 : 0));
}

/** A match's score: the match (3, 2 or 1) weighted by its field, so a name beats a salt and so on. */
function matchScore(match: number, field: number): number {
  return match * 10 + WEIGHTS[field]! * 3 * match;
}

/** Calls visit with every ordinal of a list stored by toGaps, in order. */
export function forEachOrdinal(gaps: readonly number[], visit: (ordinal: number) => void): void {
  let ordinal = 0;
  for (const gap of gaps) {
    if (gap >= 0) {
      ordinal += gap;
      visit(ordinal);
    } else {
      for (let next = 0; next < -gap; next += 1) visit((ordinal += 1));
    }
  }
}

/** Stores ascending ordinals as gaps, runs of consecutive ones as minus their length (the build's side of forEachOrdinal). */
export function toGaps(ordinals: readonly number[]): number[] {
  const gaps: number[] = [];
  for (let index = 0; index < ordinals.length; index += 1) {
    const ordinal = ordinals[index]!;
    let run = 0;
    while (ordinals[index + run + 1] === ordinal + run + 1) run += 1;
    const gap = ordinal - (index === 0 ? 0 : ordinals[index - 1]!);
    gaps.push(gap);
    if (run > 1) {
      gaps.push(-run);
      index += run;
    }
  }
  return gaps;
}

/** Raises best[ordinal] to score for every ordinal of a stored list. */
function raise(best: Int32Array, gaps: readonly number[], score: number): void {
  forEachOrdinal(gaps, (ordinal) => {
    if (best[ordinal]! < score) best[ordinal] = score;
  });
}

/** Every product's best score for one query word over its fields (0 when it does not match), from the word's shards. */
export function scoreWord(word: QueryWord, shards: readonly (GramShard | FirstShard)[], count: number): Int32Array {
  const best = new Int32Array(count);
  if (word.sound === undefined && word.text.length === 1) {
    for (const shard of shards as FirstShard[]) shard.forEach((gaps, field) => raise(best, gaps, matchScore(3, field)));
    return best;
  }
  const seen = new Set<string>();
  for (const shard of shards as GramShard[]) {
    for (const [term, ...postings] of shard) {
      if (seen.has(term)) continue;
      seen.add(term);
      const matches = word.sound === undefined ? termMatch(word.text, term) : termMatch(word.sound, latinSoundKey(term));
      matches.forEach((match, field) => {
        if (match > 0) raise(best, postings[field]!, matchScore(match, field));
      });
    }
  }
  return best;
}

/**
 * The ordinals matching every word, with their scores (a word's best field, summed over the
 * words); an empty query matches every product.
 */
export function combineWords(perWord: readonly Int32Array[], count: number): { ordinals: Int32Array; scores: Int32Array } {
  if (perWord.length === 0) return { ordinals: Int32Array.from({ length: count }, (_, ordinal) => ordinal), scores: new Int32Array(count).fill(1) };
  const total = Int32Array.from(perWord[0]!);
  for (const word of perWord.slice(1)) {
    for (let ordinal = 0; ordinal < count; ordinal += 1) total[ordinal] = total[ordinal]! > 0 && word[ordinal]! > 0 ? total[ordinal]! + word[ordinal]! : 0;
  }
  let matching = 0;
  for (const score of total) if (score > 0) matching += 1;
  const ordinals = new Int32Array(matching);
  const scores = new Int32Array(matching);
  let next = 0;
  total.forEach((score, ordinal) => {
    if (score > 0) {
      ordinals[next] = ordinal;
      scores[next] = score;
      next += 1;
    }
  });
  return { ordinals, scores };
}

// Sort keys pack the order's value above the ordinal, so a plain numeric sort of a Float64Array
// (no comparator: 10,000 matches in a few ms) gives the order with ties in name order.
const ORDINAL_SPAN = 2 ** 21;

/**
 * Matches in a price order from their places in price order (pricePlacesFiles): cheapest first is
 * place order; dearest first keeps equal prices in name order, as orderMatches does with prices.
 */
export function orderByPricePlaces(ordinals: Int32Array, order: 'price-low' | 'price-high', placeOf: (ordinal: number) => [place: number, samePriceBefore: number]): number[] {
  const keys = new Float64Array(ordinals.length);
  ordinals.forEach((ordinal, index) => {
    const [place, samePriceBefore] = placeOf(ordinal);
    // The first place of a price stands for the price: dearer prices have later first places.
    const value = order === 'price-low' ? place : ORDINAL_SPAN - 1 - (place - samePriceBefore);
    keys[index] = value * ORDINAL_SPAN + ordinal;
  });
  keys.sort();
  return Array.from(keys, (key) => key % ORDINAL_SPAN);
}

/**
 * The matches best first (ties in name order), in name order, or by selling price (prices in
 * paise by ordinal; equal prices in name order).
 */
export function orderMatches(matches: { ordinals: Int32Array; scores: Int32Array }, order: SearchOrder, prices?: readonly number[]): number[] {
  const { ordinals, scores } = matches;
  if (order === 'name') return [...ordinals];
  if ((order === 'price-low' || order === 'price-high') && !prices) throw new Error('A price order needs the prices');
  let highest = 0;
  if (order === 'relevance') for (const score of scores) highest = Math.max(highest, score);
  if (order === 'price-high') for (const ordinal of ordinals) highest = Math.max(highest, prices![ordinal]!);
  const keys = new Float64Array(ordinals.length);
  ordinals.forEach((ordinal, index) => {
    const value = order === 'relevance' ? highest - scores[index]! : order === 'price-low' ? prices![ordinal]! : highest - prices![ordinal]!;
    keys[index] = value * ORDINAL_SPAN + ordinal;
  });
  keys.sort();
  return Array.from(keys, (key) => key % ORDINAL_SPAN);
}
