import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildInvoice, InvoiceMismatch, invoicePages, sellerSchema, type DispatchedLine, type InvoiceInput } from './tax-invoice';

const seller = sellerSchema.parse(JSON.parse(readFileSync('content/pharmacy/seller.json', 'utf8')));

const azithromycin: DispatchedLine = {
  name: 'Azithromycin 500mg Tablet',
  hsnCode: '30042019',
  gstRate: 5,
  schedule: 'H1',
  unitPricePaise: 11_900,
  batches: [
    { batchNumber: 'AZ24-118', expiryDate: '2027-06-30', quantity: 1, mrpPaise: 11_900 },
    { batchNumber: 'AZ24-131', expiryDate: '2027-09-30', quantity: 1, mrpPaise: 11_900 },
  ],
};
const serum: DispatchedLine = {
  name: 'Niacinamide 10% Face Serum',
  hsnCode: '33049990',
  gstRate: 18,
  schedule: 'OTC',
  unitPricePaise: 49_999,
  batches: [{ batchNumber: 'NS-0925', expiryDate: '2028-01-31', quantity: 1, mrpPaise: 54_900 }],
};

const input = (state: string, overrides: Partial<InvoiceInput> = {}): InvoiceInput => ({
  seller,
  buyer: { name: 'Ravi Kumar', addressLines: ['12 MG Road'], state, pinCode: '560001' },
  orderNumber: 'MK-2611-000123',
  lines: [azithromycin, serum],
  pharmacist: { name: 'Asha Rao', registrationNumber: 'KA-PH-004512' },
  paidPaise: 11_900 * 2 + 49_999,
  ...overrides,
});

describe('a tax invoice', () => {
  it('has one row per batch, taxes worked back from the price paid, CGST + SGST within Karnataka', () => {
    const invoice = buildInvoice(input('Karnataka'));
    expect(invoice.supply).toBe('intra_state');
    expect(invoice.placeOfSupply).toBe('Karnataka');
    expect(invoice.rows.map((row) => [row.batchNumber, row.hsnCode, row.taxablePaise, row.cgstPaise, row.sgstPaise, row.igstPaise])).toEqual([
      ['AZ24-118', '30042019', 11_333, 284, 283, 0],
      ['AZ24-131', '30042019', 11_333, 284, 283, 0],
      ['NS-0925', '33049990', 42_372, 3_814, 3_813, 0],
    ]);
    expect(invoice.totals).toEqual({ taxablePaise: 65_038, cgstPaise: 4_382, sgstPaise: 4_379, igstPaise: 0, totalPaise: 73_799 });
  });

  it('charges IGST to another state, still to the paisa paid', () => {
    const invoice = buildInvoice(input('Tamil Nadu'));
    expect(invoice.supply).toBe('inter_state');
    expect(invoice.totals).toEqual({ taxablePaise: 65_038, cgstPaise: 0, sgstPaise: 0, igstPaise: 8_761, totalPaise: 73_799 });
  });

  it('is refused when the dispatched lines do not come to what was paid', () => {
    expect(() => buildInvoice(input('Karnataka', { paidPaise: 73_800 }))).toThrow(InvoiceMismatch);
  });

  it('prints 10 rows to an A4 page', () => {
    const many = { ...serum, batches: Array.from({ length: 23 }, (_, index) => ({ ...serum.batches[0]!, batchNumber: `NS-${index}` })) };
    const invoice = buildInvoice(input('Karnataka', { lines: [many], paidPaise: 23 * 49_999 }));
    expect(invoicePages(invoice.rows).map((page) => page.length)).toEqual([10, 10, 3]);
  });
});

describe('the seller in content/pharmacy/seller.json', () => {
  it('has a GSTIN of the right shape and its drug licences', () => {
    expect(seller.gstin).toHaveLength(15);
    expect(seller.drugLicences.map((licence) => licence.form)).toEqual(['20', '21']);
    expect(() => sellerSchema.parse({ ...seller, gstin: '29AAKCM4821Q1Z' })).toThrow(/a GSTIN is 15 characters/);
  });
});
