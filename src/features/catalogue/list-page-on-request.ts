/**
 * Pages 2 and on of the product list in a prefixed language (/hi/products/page/<n>), drawn on request
 * (src/pages/[lang]/products/page/[page].astro) from files the build writes anyway: the page's cards
 * from the search's card files in name order (search-engine.ts), the list's size and drug forms from
 * its filter facts (browse-files.ts). ~2,000 more prebuilt pages per language would cost the build
 * as much as they add to the deploy. The build's own list pages are sliced from the catalogue here too.
 */
import * as z from 'zod/mini';
import { PRODUCT_CARD, type ProductCard } from '../../domain/product';
import { readProductView } from '../../domain/product-schema';
import { LIST_FACTS_URL } from './browse-files';
import { formsOf } from './list-filters';
import { PAGE_SIZE, pageCount } from './product-list';
import { fetchSiteFile } from './product-page-on-request';
import { CARDS_PER_FILE, cardFile, searchFileUrl } from './search-engine';
import { SEARCH_MANIFEST_URL } from './search-fetch';

/** One page of the whole list in name order, and what its filters and headings say of the whole list. */
export interface ListPageCards {
  cards: ProductCard[];
  /** Products in the whole list. */
  total: number;
  /** The drug forms the Form filter offers. */
  forms: readonly string[];
}

/** A page number as the page's address writes it: digits, no leading zero, 2 or more (page 1 is /products). Null for anything else. */
export function listPageNumber(segment: string): number | null {
  if (!/^[1-9]\d{0,8}$/.test(segment)) return null;
  const page = Number(segment);
  return page >= 2 ? page : null;
}

/** The places (in name order) of a page's cards; null past the last page. */
export function listPageSlice(page: number, total: number): { first: number; count: number } | null {
  if (!Number.isInteger(page) || page < 1 || page > pageCount(total)) return null;
  const first = (page - 1) * PAGE_SIZE;
  return { first, count: Math.min(PAGE_SIZE, total - first) };
}

/** The name-order card files (search-engine.ts) holding a slice of the list, and where in the first of them the slice starts. */
export function listPageCardFiles({ first, count }: { first: number; count: number }): { files: string[]; skip: number } {
  if (count === 0) return { files: [], skip: 0 };
  const perFile = CARDS_PER_FILE.name;
  const firstChunk = Math.floor(first / perFile);
  const lastChunk = Math.floor((first + count - 1) / perFile);
  const files = Array.from({ length: lastChunk - firstChunk + 1 }, (_, index) => cardFile((firstChunk + index) * perFile, 'name').file);
  return { files, skip: cardFile(first, 'name').at };
}

const manifestSchema = z.object({ version: z.string().check(z.minLength(1)), count: z.int().check(z.nonnegative()) });
const factsSchema = z.object({ forms: z.array(z.string()), facts: z.array(z.int()) });

interface ListSite {
  version: string;
  total: number;
  forms: string[];
}

async function fetchSiteJson(url: URL): Promise<unknown> {
  const json = await fetchSiteFile(url);
  if (json === null) throw new Error(`${url.pathname} answered 404: the build writes it for every list page drawn on request.`);
  return json;
}

async function readListSite(origin: string): Promise<ListSite> {
  const [manifestJson, factsJson] = await Promise.all([fetchSiteJson(new URL(SEARCH_MANIFEST_URL, origin)), fetchSiteJson(new URL(LIST_FACTS_URL, origin))]);
  const manifest = manifestSchema.safeParse(manifestJson);
  if (!manifest.success) throw new Error(`${SEARCH_MANIFEST_URL} is not the search manifest the build writes: ${z.prettifyError(manifest.error)}`);
  const facts = factsSchema.safeParse(factsJson);
  if (!facts.success) throw new Error(`${LIST_FACTS_URL} is not the list facts file the build writes: ${z.prettifyError(facts.error)}`);
  if (facts.data.facts.length !== manifest.data.count) {
    throw new Error(`${LIST_FACTS_URL} lists ${facts.data.facts.length} products and ${SEARCH_MANIFEST_URL} ${manifest.data.count}: they come from different builds.`);
  }
  return { version: manifest.data.version, total: manifest.data.count, forms: facts.data.forms };
}

/** A warm function instance reads the list's size, forms and index version once per site origin (one in production; tests may serve several ports). */
const sites = new Map<string, Promise<ListSite>>();

/** A page of the list from the site the request came to; null when the list has no such page. */
export async function readListPageFromSite(page: number, requestUrl: URL): Promise<ListPageCards | null> {
  const { origin } = requestUrl;
  let site = sites.get(origin);
  if (!site) {
    site = readListSite(origin);
    // A failed read is tried again on the next request rather than kept.
    site.catch(() => sites.delete(origin));
    sites.set(origin, site);
  }
  const { version, total, forms } = await site;
  const slice = listPageSlice(page, total);
  if (!slice) return null;
  const { files, skip } = listPageCardFiles(slice);
  const fetched = await Promise.all(files.map((file) => fetchSiteJson(new URL(searchFileUrl(version, file), origin))));
  const cards = fetched.flatMap((cardsOfFile, index) => {
    if (!Array.isArray(cardsOfFile)) throw new Error(`${searchFileUrl(version, files[index]!)} is not a list of product cards.`);
    return cardsOfFile as unknown[];
  });
  const shown = cards.slice(skip, skip + slice.count).map((card) => {
    const checked = readProductView(PRODUCT_CARD, card);
    if (!checked) throw new Error(`A card of ${files.map((file) => searchFileUrl(version, file)).join(', ')} is not one the build writes: ${JSON.stringify(card)}`);
    return checked;
  });
  if (shown.length !== slice.count) throw new Error(`Page ${page} of the list needs ${slice.count} cards; ${files.join(', ')} hold ${shown.length} from place ${skip}.`);
  return { cards: shown, total, forms };
}

/**
 * A page of the list from the catalogue itself: the build's prebuilt pages, and the drawn ones under
 * `npm run dev`, which has no built files. The catalogue is loaded only then (the function never
 * bundles its reader). Its products are in name order, the order of the search's card files.
 */
export async function listPageFromCatalogue(page: number): Promise<ListPageCards | null> {
  const { getCatalogue } = await import('./catalogue');
  const { products } = await getCatalogue();
  const slice = listPageSlice(page, products.length);
  return slice && { cards: products.slice(slice.first, slice.first + slice.count), total: products.length, forms: formsOf(products) };
}
