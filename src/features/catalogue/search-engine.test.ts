import { describe, expect, it } from 'vitest';
import { forEachOrdinal, PRICE_PLACES_PER_FILE, toGaps, withinOneTypo, type SearchOrder, type SearchRow } from './search-engine';
import { searchCardFiles, searchIndexFiles } from './search-index-files';
import { openSearch, suggestNames } from './search-client';
import { foldText } from '../../domain/salt';

const row = (id: number, name: string, salt: string, brand: string, conditions: string, rest: string, price = 1000): SearchRow => [
  id,
  foldText(name),
  foldText(salt),
  foldText(brand),
  foldText(conditions),
  foldText(rest),
  price,
  name,
];

/** The built index served from memory, as the browser would fetch it; records every file asked for. */
async function servedIndex(rows: SearchRow[]) {
  const { manifest, files } = searchIndexFiles(rows);
  const cards = rows.map(([id, , , , , , price, displayName]) =>
    JSON.stringify({
      id,
      slug: `p-${id}`,
      name: displayName,
      thumbnail_image: '',
      mrp_paise: price,
      category: '',
      drug_form: '',
      quantity: '',
      description: '',
      requires_prescription: false,
      sale_state: 'ADD TO CART',
    }),
  );
  for (const [file, text] of searchCardFiles(cards, rows.map((row) => row[6]))) files.set(file, text);
  const fetched: string[] = [];
  const client = openSearch(JSON.parse(JSON.stringify(manifest)), async (url) => {
    fetched.push(url);
    const name = url.slice(`/search/${manifest.version}/`.length, -'.json'.length);
    const text = files.get(name);
    if (text === undefined) throw new Error(`${url}: 404`);
    return JSON.parse(text);
  });
  return {
    client,
    fetched,
    version: manifest.version,
    search: async (query: string, order: SearchOrder = 'relevance') => (await client.search(query, order)).map((ordinal) => rows[ordinal]![0]),
  };
}

// In name order, as the build writes them.
const rows = [
  row(1, 'Amlodipine 5mg Tablet', 'Amlodipine Besylate (5mg)', 'Sahyadri Lifesciences', 'High blood pressure', 'allopathy Sahyadri CARDIAC', 1500),
  row(2, 'Crocin Advance Tablet', 'Paracetamol (500mg)', 'GSK', 'Fever Headache', 'allopathy GSK PAIN ANALGESICS', 1000),
  row(3, 'Glycomet 500mg Tablet', 'Metformin Hydrochloride (500mg)', 'Konkan Generics', 'Type 2 diabetes mellitus', 'allopathy Konkan ANTI DIABETIC', 1500),
  row(4, 'Metformin 500mg Tablet', 'Metformin Hydrochloride (500mg)', 'Sahyadri Lifesciences', 'Type 2 diabetes mellitus', 'allopathy Sahyadri ANTI DIABETIC', 900),
  row(5, 'Metrogyl 400 Tablet', 'Metronidazole (400mg)', 'J B Chemicals', 'Bacterial infections', 'allopathy JB Metformin Distributors ANTI INFECTIVES', 1500),
  row(6, 'Paracip 650 Tablet', 'Paracetamol (650mg)', 'Cipla', 'Fever', 'allopathy Cipla PAIN ANALGESICS', 2000),
  row(7, 'Paraderm Cream', 'Clobetasol (0.05%)', 'Paracetamol Labs', 'Eczema', 'allopathy Paracetamol Labs DERMA', 500),
];
const { client, search } = await servedIndex(rows);

describe('stored product lists', () => {
  const stored = (ordinals: number[]) => {
    const read: number[] = [];
    forEachOrdinal(toGaps(ordinals), (ordinal) => read.push(ordinal));
    return read;
  };

  it('read back exactly as written, with or without runs of neighbours', () => {
    for (const ordinals of [[], [0], [0, 1], [0, 1, 2], [3, 4, 5, 9, 10, 12, 13, 14, 15, 40], [7, 9, 11]]) expect(stored(ordinals)).toEqual(ordinals);
  });

  it('store a run of neighbours in two numbers, however long', () => {
    expect(toGaps(Array.from({ length: 10_000 }, (_, index) => 500 + index))).toHaveLength(2);
  });
});

describe('product search', () => {
  it('finds by salt, by condition and by therapeutic class, ignoring case and accents', async () => {
    expect(await search('PARACETAMOL')).toEqual(expect.arrayContaining([2, 6]));
    expect(await search('diabetes')).toEqual([3, 4]);
    expect(await search('cardiac')).toEqual([1]);
    expect(await search('paracétamol')).toEqual(await search('paracetamol'));
  });

  it('matches inside words of names and salts', async () => {
    expect(await search('formin')).toEqual(expect.arrayContaining([3, 4]));
    expect(await search('dipine')).toEqual([1]);
    // Not inside words of brands and the rest: "ipla" is only inside Cipla.
    expect(await search('ipla')).toEqual([]);
  });

  it('forgives one typo in words of five letters or more, and none in shorter words', async () => {
    expect(await search('metfromin')).toEqual(expect.arrayContaining([3, 4]));
    expect(await search('paracetmol')).toEqual(expect.arrayContaining([2, 6]));
    expect(await search('gsx')).toEqual([]);
    expect(withinOneTypo('metfromin', 'metformin')).toBe(true);
    expect(withinOneTypo('metfromni', 'metformin')).toBe(false);
  });

  it('forgives the typo wherever it is, the first letters included', async () => {
    const word = 'amlodipine';
    const typos = new Set<string>();
    for (let at = 0; at <= word.length; at += 1) {
      typos.add(word.slice(0, at) + 'x' + word.slice(at));
      if (at < word.length) {
        typos.add(word.slice(0, at) + word.slice(at + 1));
        typos.add(word.slice(0, at) + 'x' + word.slice(at + 1));
      }
      if (at + 1 < word.length) typos.add(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2));
    }
    for (const typo of typos) expect(await search(typo), typo).toEqual([1]);
    // While typing: a typo in the part typed so far.
    expect(await search('xmlodip')).toEqual([1]);
  });

  it('ranks a name above a salt, a salt above a brand, a brand above a condition, a condition above the rest', async () => {
    // Metformin is the name of 4, the salt of 3 and only the distributor ("the rest") of 5.
    expect(await search('metformin')).toEqual([4, 3, 5]);
    // Paracetamol: salt of 2 and 6, the brand of 7.
    expect(await search('paracetamol')).toEqual([2, 6, 7]);
  });

  it('needs every word of the query to match', async () => {
    expect(await search('metformin konkan')).toEqual([3]);
    expect(await search('t 2')).toEqual([3, 4]);
  });

  it('suggests up to eight product names as shown, best first', async () => {
    expect(await suggestNames(client, 'metformin')).toEqual(['Metformin 500mg Tablet', 'Glycomet 500mg Tablet', 'Metrogyl 400 Tablet']);
    expect(await suggestNames(client, 'tablet')).toHaveLength(6);
    expect(await suggestNames(client, 'a', 2)).toHaveLength(2);
    expect(await suggestNames(client, ' ')).toEqual([]);
  });

  it('lists the whole catalogue for an empty query, in name or price order with equal prices in name order', async () => {
    expect(await search('', 'name')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await search('', 'price-low')).toEqual([7, 4, 2, 1, 3, 5, 6]);
    expect(await search('', 'price-high')).toEqual([6, 1, 3, 5, 2, 4, 7]);
    expect(await search('tablet', 'price-low')).toEqual([4, 2, 1, 3, 5, 6]);
  });

  it('reads each result card from the layout of its order, whatever the order', async () => {
    for (const order of ['relevance', 'name', 'price-low', 'price-high'] as const) {
      const ordinals = await client.search('tablet', order);
      const ids = await Promise.all(ordinals.map(async (ordinal) => (JSON.parse(JSON.stringify(await client.card(ordinal, order))) as { id: number }).id));
      expect(ids).toEqual(ordinals.map((ordinal) => rows[ordinal]![0]));
    }
  });

  it('sorts by price with only the price places of the files its matches are in', async () => {
    const many = Array.from({ length: PRICE_PLACES_PER_FILE + 10 }, (_, index) =>
      row(index + 1, `Item ${String(index).padStart(5, '0')}`, index % 2 ? 'Zinc' : 'Iron', '', '', '', 1000 + ((index * 37) % 50)),
    );
    const served = await servedIndex(many);
    const zinc = many.map((entry, ordinal) => ({ id: entry[0], ordinal, price: entry[6] })).filter(({ ordinal }) => ordinal % 2 === 1 && ordinal < 100);
    const expected = (direction: 1 | -1) => [...zinc].sort((a, b) => direction * (a.price - b.price) || a.ordinal - b.ordinal).map(({ id }) => id);
    expect(await served.search('zinc item 000', 'price-low')).toEqual(expected(1));
    expect(await served.search('zinc item 000', 'price-high')).toEqual(expected(-1));
    expect(served.fetched.filter((url) => url.includes('price-places/'))).toEqual([`/search/${served.version}/price-places/0.json`]);
  });

  it('fetches only the parts of the index the words need, each once', async () => {
    const fresh = await servedIndex(rows);
    await fresh.search('metformin');
    await fresh.search('metformin');
    expect(fresh.fetched.map((url) => url.replace(/^\/search\/\w+\//, ''))).toEqual(['gram/me.json', 'gram/fo.json']);
  });
});

describe('search in Devanagari', () => {
  const shop = [
    row(11, 'Amlodipine 5mg Tablet', 'Amlodipine Besylate (5mg)', 'Sahyadri Lifesciences', 'High blood pressure', 'allopathy CARDIAC', 1500),
    row(12, 'Cetirizine 10mg Tablet', 'Cetirizine Hydrochloride (10mg)', 'Sahyadri Lifesciences', 'Allergy', 'allopathy RESPIRATORY', 1800),
    row(13, 'Crocin Advance Tablet', 'Paracetamol (500mg)', 'GSK', 'Fever Headache', 'allopathy PAIN ANALGESICS', 1000),
    row(14, 'Dolo 650 Tablet', 'Paracetamol (650mg)', 'Micro Labs', 'Fever', 'allopathy PAIN ANALGESICS', 3000),
    row(15, 'Glycomet 500mg Tablet', 'Metformin Hydrochloride (500mg)', 'Konkan Generics', 'Type 2 diabetes mellitus', 'allopathy ANTI DIABETIC', 1500),
    row(16, 'Metformin 500mg Tablet', 'Metformin Hydrochloride (500mg)', 'Sahyadri Lifesciences', 'Type 2 diabetes mellitus', 'allopathy ANTI DIABETIC', 900),
    row(17, 'Metrogyl 400 Tablet', 'Metronidazole (400mg)', 'J B Chemicals', 'Bacterial infections', 'allopathy ANTI INFECTIVES', 1500),
  ];

  it('finds with पैरासिटामोल, डोलो and मेटफॉर्मिन what paracetamol, dolo and metformin find, in the same order', async () => {
    const served = await servedIndex(shop);
    expect(await served.search('पैरासिटामोल')).toEqual(await served.search('paracetamol'));
    expect(await served.search('paracetamol')).toEqual([13, 14]);
    expect(await served.search('डोलो')).toEqual(await served.search('dolo'));
    expect(await served.search('डोलो')).toEqual([14]);
    expect(await served.search('मेटफॉर्मिन')).toEqual(await served.search('metformin'));
    expect(await served.search('मेटफॉर्मिन')).toEqual([16, 15]);
  });

  it('forgives one misspelling, as the English search does', async () => {
    const served = await servedIndex(shop);
    // A vowel left out, a consonant left out, a vowel written another way, a wrong consonant.
    for (const typo of ['पैरासिटमोल', 'पैरासिटामल', 'पेरासीटामोल', 'पैरासिदामोल']) expect(await served.search(typo), typo).toEqual([13, 14]);
    for (const typo of ['मेटफॉमिन', 'मेटफोर्मिन', 'मैटफार्मिन', 'मेटफॉर्मीन', 'मेटफॉर्मिंग']) expect(await served.search(typo), typo).toEqual([16, 15]);
    expect(await served.search('सिट्रीज़ीन')).toEqual([12]);
    // A slip in the first sounds too: न for म, ब for प.
    expect(await served.search('नेटफॉर्मिन')).toEqual([16, 15]);
    expect(await served.search('बैरासिटामोल')).toEqual([13, 14]);
    expect(await served.search('एमलोडिपिन')).toEqual([11]);
  });

  it('finds while the word is being typed, and mixes Devanagari, Latin and Devanagari digits', async () => {
    const served = await servedIndex(shop);
    expect(await served.search('मेट')).toEqual(expect.arrayContaining([15, 16, 17]));
    expect(await served.search('मेटफ')).toEqual([16, 15]);
    expect(await served.search('पैरा')).toEqual([13, 14]);
    expect(await served.search('पैरासिटामोल ६५०')).toEqual([14]);
    expect(await served.search('metformin ग्लाइकोमेट')).toEqual([15]);
    expect(await suggestNames(served.client, 'डोलो')).toEqual(['Dolo 650 Tablet']);
  });

  it('does not match a word of other sounds', async () => {
    const served = await servedIndex(shop);
    expect(await served.search('डोलोमाइट')).toEqual([]);
    // बुखार is 'fever' in Hindi: the index holds the feed's English, so a Hindi word finds nothing.
    expect(await served.search('बुखार')).toEqual([]);
  });

  it('fetches only the shards of the starts its English spellings may have', async () => {
    const served = await servedIndex(shop);
    await served.search('मेटफॉर्मिन');
    // Its starts are 'me' and 'ma', and for a slip in its first sounds those of फॉर… ('fo', 'fa', 'ph'); this
    // shop's terms hold only 'me' and 'fo' of them, so there are no other shards to fetch.
    expect(served.fetched.map((url) => url.replace(/^\/search\/\w+\//, ''))).toEqual(['gram/me.json', 'gram/fo.json']);
  });
});
