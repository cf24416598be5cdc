import { describe, expect, it } from 'vitest';
import { readDrugTaxRows, toDrugTaxRow } from './catalogue-shards';

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
