import { foldText } from '@/domain/salt';

/*
 * The product search: an index of our own, written at build (search-index-integration.ts) and
 * searched in the browser. Pagefind was measured first and cannot match inside words ("formin")
 * or forgive a typo; see the README's Performance section for the comparison.
 */

/** Where the build writes the index. */
export const SEARCH_INDEX_URL = '/search/products.json';

/**
 * One product's searchable text, folded (lower case, no accents) at build: name, salt, brand,
 * conditions (primary uses and uses), the rest (category, marketer, therapeutic class), and its
 * selling price in paise, and the name as shown (for suggestions). Rows are in name order, so equal prices keep name order.
 */
export type SearchRow = [id: number, name: string, salt: string, brand: string, conditions: string, rest: string, pricePaise: number, displayName: string];

/** Field weights, in the ranking's order: name > salt > brand > condition > the rest. */
const WEIGHTS = [5, 4, 3, 2, 1] as const;
/** Fields matched inside words too: names and salts, where "formin" should find metformin. */
const INSIDE_WORDS = [true, true, false, false, false] as const;
/** Words this long or longer forgive one typo (a letter wrong, missing, extra or two swapped). */
export const TYPO_MIN_LENGTH = 5;

interface PreparedRow {
  id: number;
  displayName: string;
  nameRank: number;
  pricePaise: number;
  fields: string[];
  words: string[][];
}

export interface SearchIndex {
  rows: PreparedRow[];
}

/** Splits each field into words once, when the index is loaded, rather than on every keystroke. */
export function prepareIndex(rows: readonly SearchRow[]): SearchIndex {
  return {
    rows: rows.map(([id, name, salt, brand, conditions, rest, pricePaise, displayName], nameRank) => {
      const fields = [name, salt, brand, conditions, rest];
      return { id, displayName, nameRank, pricePaise, fields, words: fields.map((field) => field.split(' ').filter(Boolean)) };
    }),
  };
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

/** How well one query word matches one field: 3 a word starts with it, 2 inside a word, 1 with a typo, 0 not at all. */
function fieldMatch(word: string, field: string, words: string[], insideWords: boolean): number {
  if (words.some((candidate) => candidate.startsWith(word))) return 3;
  if (insideWords && word.length >= 3 && field.includes(word)) return 2;
  if (word.length >= TYPO_MIN_LENGTH) {
    // Against the whole word, or the same length of its start while the customer is still typing.
    for (const candidate of words) {
      if (withinOneTypo(word, candidate) || withinOneTypo(word, candidate.slice(0, word.length))) return 1;
    }
  }
  return 0;
}

/** A product's score for the query words: every word must match some field; 0 when one does not. */
export function scoreRow(row: PreparedRow, queryWords: readonly string[]): number {
  let score = 0;
  for (const word of queryWords) {
    let best = 0;
    for (let field = 0; field < WEIGHTS.length; field += 1) {
      const match = fieldMatch(word, row.fields[field]!, row.words[field]!, INSIDE_WORDS[field]!);
      if (match > 0) best = Math.max(best, match * 10 + WEIGHTS[field]! * 3 * match);
    }
    if (best === 0) return 0;
    score += best;
  }
  return score;
}

/** Up to `limit` product names for the query, best first: the header's suggestions. */
export function suggestNames(index: SearchIndex, query: string, limit = 8): string[] {
  if (foldText(query) === '') return [];
  const byId = new Map(index.rows.map((row) => [row.id, row.displayName]));
  return searchProducts(index, query, 'relevance')
    .slice(0, limit)
    .map((id) => byId.get(id)!);
}

export type SearchOrder = 'relevance' | 'name' | 'price-low' | 'price-high';

/** The ids of the products matching the query, best first (ties in name order), or in a price order. */
export function searchProducts(index: SearchIndex, query: string, order: SearchOrder): number[] {
  const queryWords = foldText(query).split(' ').filter(Boolean);
  const found: { row: PreparedRow; score: number }[] = [];
  for (const row of index.rows) {
    const score = queryWords.length === 0 ? 1 : scoreRow(row, queryWords);
    if (score > 0) found.push({ row, score });
  }
  const compare = {
    relevance: (a: (typeof found)[number], b: (typeof found)[number]) => b.score - a.score || a.row.nameRank - b.row.nameRank,
    name: (a: (typeof found)[number], b: (typeof found)[number]) => a.row.nameRank - b.row.nameRank,
    'price-low': (a: (typeof found)[number], b: (typeof found)[number]) => a.row.pricePaise - b.row.pricePaise || a.row.nameRank - b.row.nameRank,
    'price-high': (a: (typeof found)[number], b: (typeof found)[number]) => b.row.pricePaise - a.row.pricePaise || a.row.nameRank - b.row.nameRank,
  }[order];
  return found.sort(compare).map(({ row }) => row.id);
}
