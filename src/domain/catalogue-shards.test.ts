import { describe, expect, it } from 'vitest';
import { catalogueShardFile, readDrugTaxRows, readShareCardRows, toDrugTaxRow, toShareCardRow, type ShareCardFacts } from './catalogue-shards';

describe('a drug-tax shard', () => {
  it('reads back the schedule, HSN code and GST rate the build wrote', () => {
    const rows = [toDrugTaxRow(16, { schedule: 'H1', hsnCode: '30042019', gstRate: 5 }), toDrugTaxRow(9, { schedule: 'OTC', hsnCode: null, gstRate: null })];
    expect(readDrugTaxRows(JSON.parse(JSON.stringify(rows)))).toEqual(
      new Map([
        [16, { schedule: 'H1', hsnCode: '30042019', gstRate: 5 }],
        [9, { schedule: 'OTC', hsnCode: null, gstRate: null }],
      ]),
    );
  });

  it('fails loudly on a hand-edited row: an unknown schedule or a rate that is not a GST rate', () => {
    expect(() => readDrugTaxRows([[16, 'H2', '30042019', 5]])).toThrow();
    expect(() => readDrugTaxRows([[16, 'H1', '30042019', 7]])).toThrow();
  });
});

describe('a share-cards shard', () => {
  const facts: ShareCardFacts = {
    id: 14,
    name: 'Cetirizine 10mg Tablet',
    pack: 'Strip of 10 tablets',
    marketer: 'Example Pharma Ltd',
    category: 'Allopathy',
    requiresPrescription: false,
    mrpPaise: 2500,
    sellingPaise: 2100,
    picture: '/images/products/cetirizine-10mg-tablet/1-690x700.webp',
  };

  it('reads back what the share image shows, as the build wrote it', () => {
    expect(readShareCardRows(JSON.parse(JSON.stringify([toShareCardRow(facts)])))).toEqual(new Map([[14, facts]]));
  });

  it('fails loudly on a hand-edited row: a price in rupees as text or a missing picture', () => {
    expect(() => readShareCardRows([[14, 'Cetirizine', 'Strip', 'Maker', 'Allopathy', 0, '25.00', 2100, '/images/x.webp']])).toThrow();
    expect(() => readShareCardRows([[14, 'Cetirizine', 'Strip', 'Maker', 'Allopathy', 0, 2500, 2100, '']])).toThrow();
  });

  it('lives outside the payment shards, which every payment function ships', () => {
    expect(catalogueShardFile('share-cards', 14)).toBe('.generated/share-cards/14.json');
    expect(catalogueShardFile('prices', 14)).toBe('.generated/catalogue/prices/14.json');
  });
});
