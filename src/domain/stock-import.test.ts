import { describe, expect, it } from 'vitest';
import { csvLines, readStockCsv } from './stock-import';

// The catalogue as the import sees it: ids as text and SKUs in upper case.
const catalogue = new Map([
  ['1', 1],
  ['MK00001', 1],
  ['16', 16],
  ['MK00016', 16],
]);

const header = 'product,batch,expiry,quantity,mrp';

describe('reading a stock export', () => {
  it('reads products by id or SKU, ISO or month/year expiry, rupees into paise', () => {
    const result = readStockCsv(`${header}\r\n1,MET2401,2027-08-31,120,34.50\r\nmk00016,"AZ/24-118",08/2027,0,119\r\n`, catalogue);
    expect(result).toEqual({
      ok: true,
      rows: [
        { product_id: 1, batch_number: 'MET2401', expiry_date: '2027-08-31', quantity: 120, mrp_paise: 3450 },
        { product_id: 16, batch_number: 'AZ/24-118', expiry_date: '2027-08-31', quantity: 0, mrp_paise: 11900 },
      ],
    });
  });

  it('reports every bad row with its line and every reason, and returns no rows', () => {
    const file = [
      header,
      '1,MET2401,2027-08-31,120,34.50',
      '99,MET2402,2027-02-30,-4,34.555',
      '16,,12/2027,5,119',
      '1,MET2401,2027-09-30,1,34.50',
      '16,AZ1,13/2027,five,0',
      '16,AZ2',
    ].join('\n');
    expect(readStockCsv(file, catalogue)).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          reason:
            'No product with id or SKU "99" in the catalogue; expiry "2027-02-30" must be a date like 2027-08-31 or 08/2027; quantity "-4" must be a whole number, 0 or more; MRP "34.555" must be rupees above 0 with at most 2 decimals, like 34.50.',
        },
        { line: 4, reason: 'Batch "" must be 1-30 letters, digits, "/", "." or "-".' },
        { line: 5, reason: 'Batch MET2401 of this product is already on line 2.' },
        {
          line: 6,
          reason:
            'Expiry "13/2027" must be a date like 2027-08-31 or 08/2027; quantity "five" must be a whole number, 0 or more; MRP "0" must be rupees above 0 with at most 2 decimals, like 34.50.',
        },
        { line: 7, reason: 'Expected 5 values, found 2.' },
      ],
    });
  });

  it('refuses a file whose first line is not the documented columns, and a file with no rows', () => {
    expect(readStockCsv('sku,batch,exp,qty,mrp\n1,A,2027-01-01,1,10', catalogue)).toEqual({
      ok: false,
      errors: [{ line: 1, reason: 'The first line must be the columns product,batch,expiry,quantity,mrp, not "sku,batch,exp,qty,mrp".' }],
    });
    expect(readStockCsv(`${header}\n\n`, catalogue).ok).toBe(false);
  });

  it('splits quoted fields with commas and doubled quotes', () => {
    expect(csvLines('a,"b,c","say ""hi"""\n1,2,3')).toEqual([['a', 'b,c', 'say "hi"'], ['1', '2', '3']]);
  });
});
