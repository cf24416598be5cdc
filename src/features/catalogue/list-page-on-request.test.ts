import { afterEach, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { readCatalogueDirectory } from './read-catalogue-files';
import { listPageCardFiles, listPageNumber, listPageSlice, readListPageFromSite } from './list-page-on-request';
import { browseFiles, LIST_FACTS_URL } from './browse-files';
import { formsOf } from './list-filters';
import { PAGE_SIZE, sortProducts } from './product-list';
import { searchRows } from './product-search';
import { searchFileUrl } from './search-engine';
import { SEARCH_MANIFEST_URL } from './search-fetch';
import { searchCardFiles, searchIndexFiles } from './search-index-files';
import { productSlug, toProductCard, type Product } from '../../domain/product';
import { sellingPricePaise } from '../../domain/selling-price';

/** The fixture catalogue seven times over (140 products, three pages), in name order as getCatalogue gives it. */
const fixture = await readCatalogueDirectory(path.resolve(import.meta.dirname, '../../../tests/fixtures/catalogue'));
const products: Product[] = sortProducts(
  Array.from({ length: 7 }, (_, copy) =>
    fixture.map((product) => {
      const name = copy === 0 ? product.name : `${product.name} Pack of ${copy + 1}`;
      return { ...product, id: product.id + copy * 1000, name, slug: productSlug(name) };
    }),
  ).flat(),
  'name',
);

/** The files the build writes for these products: the search manifest, its name-order card files, the list facts. */
function builtFiles(catalogue: readonly Product[]): Map<string, string> {
  const { manifest } = searchIndexFiles(searchRows(catalogue));
  const cards = catalogue.map((product) => JSON.stringify(toProductCard(product)));
  return new Map([
    [SEARCH_MANIFEST_URL, JSON.stringify(manifest)],
    ...[...searchCardFiles(cards, catalogue.map(sellingPricePaise))].map(([file, text]): [string, string] => [searchFileUrl(manifest.version, file), text]),
    ...browseFiles(catalogue),
  ]);
}

let sites = 0;
/** A site of its own (the function keeps what it read per origin) serving the given files, recording what was fetched. */
function site(files: ReadonlyMap<string, string>) {
  const origin = `https://site-${(sites += 1)}.example`;
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: URL) => {
    fetched.push(url.pathname);
    const text = url.origin === origin ? files.get(url.pathname) : undefined;
    return text === undefined ? new Response('Not found', { status: 404 }) : new Response(text, { headers: { 'content-type': 'application/json' } });
  });
  return { url: (page: number) => new URL(`/hi/products/page/${page}`, origin), fetched };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('listPageNumber', () => {
  it('reads the page number of /hi/products/page/<n>, from 2 on', () => {
    expect(listPageNumber('2')).toBe(2);
    expect(listPageNumber('2084')).toBe(2084);
  });

  it('refuses page 1 (that is /hi/products), zeros in front and anything but digits', () => {
    for (const segment of ['1', '0', '02', '', 'abc', '2.0', '-3', '1e3', ' 2', '9999999999']) expect(listPageNumber(segment)).toBeNull();
  });
});

describe('listPageSlice', () => {
  it('gives each page its 48 places in name order, the last page what is left', () => {
    expect(listPageSlice(1, 100)).toEqual({ first: 0, count: PAGE_SIZE });
    expect(listPageSlice(2, 100)).toEqual({ first: 48, count: 48 });
    expect(listPageSlice(3, 100)).toEqual({ first: 96, count: 4 });
    expect(listPageSlice(2, 96)).toEqual({ first: 48, count: 48 });
  });

  it('has no page past the last; an empty list still has its page 1', () => {
    expect(listPageSlice(4, 100)).toBeNull();
    expect(listPageSlice(3, 96)).toBeNull();
    expect(listPageSlice(0, 100)).toBeNull();
    expect(listPageSlice(1, 0)).toEqual({ first: 0, count: 0 });
    expect(listPageSlice(2, 0)).toBeNull();
  });
});

describe('listPageCardFiles', () => {
  it('names the card files of 32 cards holding a page, and where in the first the page starts', () => {
    expect(listPageCardFiles({ first: 0, count: 48 })).toEqual({ files: ['cards/0', 'cards/1'], skip: 0 });
    expect(listPageCardFiles({ first: 48, count: 48 })).toEqual({ files: ['cards/1', 'cards/2'], skip: 16 });
    expect(listPageCardFiles({ first: 144, count: 48 })).toEqual({ files: ['cards/4', 'cards/5'], skip: 16 });
    expect(listPageCardFiles({ first: 96, count: 4 })).toEqual({ files: ['cards/3'], skip: 0 });
    expect(listPageCardFiles({ first: 48, count: 20 })).toEqual({ files: ['cards/1', 'cards/2'], skip: 16 });
    expect(listPageCardFiles({ first: 0, count: 0 })).toEqual({ files: [], skip: 0 });
  });
});

describe('readListPageFromSite', () => {
  const files = builtFiles(products);

  it('draws every page from the search card files: the same cards, in the same order, as the prebuilt list pages slice from the catalogue', async () => {
    const { url } = site(files);
    for (const page of [1, 2, 3]) {
      const first = (page - 1) * PAGE_SIZE;
      expect(await readListPageFromSite(page, url(page))).toEqual({
        cards: products.slice(first, first + PAGE_SIZE).map(toProductCard),
        total: products.length,
        forms: formsOf(products),
      });
    }
  });

  it('reads the manifest and the list facts once, then only the card files a page needs', async () => {
    const { url, fetched } = site(files);
    await readListPageFromSite(2, url(2));
    const version = JSON.parse(files.get(SEARCH_MANIFEST_URL)!).version as string;
    expect(fetched.sort()).toEqual([LIST_FACTS_URL, SEARCH_MANIFEST_URL, searchFileUrl(version, 'cards/1'), searchFileUrl(version, 'cards/2')].sort());
    fetched.length = 0;
    await readListPageFromSite(3, url(3));
    expect(fetched).toEqual([searchFileUrl(version, 'cards/3'), searchFileUrl(version, 'cards/4')]);
  });

  it('has no page past the last one, and fetches no card for it', async () => {
    const { url, fetched } = site(files);
    expect(await readListPageFromSite(4, url(4))).toBeNull();
    expect(await readListPageFromSite(99999, url(99999))).toBeNull();
    expect(fetched).toEqual([SEARCH_MANIFEST_URL, LIST_FACTS_URL]);
  });

  it('says which file is missing or wrong rather than drawing a short or broken page', async () => {
    const version = JSON.parse(files.get(SEARCH_MANIFEST_URL)!).version as string;
    const missingCards = new Map(files);
    missingCards.delete(searchFileUrl(version, 'cards/2'));
    await expect(readListPageFromSite(2, site(missingCards).url(2))).rejects.toThrow(`${searchFileUrl(version, 'cards/2')} answered 404`);

    const shortFile = new Map(files);
    shortFile.set(searchFileUrl(version, 'cards/1'), JSON.stringify(JSON.parse(files.get(searchFileUrl(version, 'cards/1'))!).slice(0, 20)));
    await expect(readListPageFromSite(2, site(shortFile).url(2))).rejects.toThrow('Page 2 of the list needs 48 cards');

    const badCard = new Map(files);
    const cards = JSON.parse(files.get(searchFileUrl(version, 'cards/1'))!) as unknown[];
    cards[20] = { ...(cards[20] as object), mrp_paise: 'free' };
    badCard.set(searchFileUrl(version, 'cards/1'), JSON.stringify(cards));
    await expect(readListPageFromSite(2, site(badCard).url(2))).rejects.toThrow('is not one the build writes');

    const otherBuild = new Map(files);
    otherBuild.set(LIST_FACTS_URL, [...builtFiles(products.slice(0, 100))].find(([file]) => file === LIST_FACTS_URL)![1]);
    await expect(readListPageFromSite(2, site(otherBuild).url(2))).rejects.toThrow('they come from different builds');
  });

  it('tries the site again after a failed read rather than keeping the failure', async () => {
    const broken = new Map(files);
    broken.delete(LIST_FACTS_URL);
    const { url } = site(broken);
    await expect(readListPageFromSite(2, url(2))).rejects.toThrow(`${LIST_FACTS_URL} answered 404`);
    broken.set(LIST_FACTS_URL, files.get(LIST_FACTS_URL)!);
    expect((await readListPageFromSite(2, url(2)))?.cards).toHaveLength(PAGE_SIZE);
  });
});
