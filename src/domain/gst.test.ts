import { describe, expect, it } from 'vitest';
import { financialYear, GST_RATES, invoiceTax, lineTax, supplyBetween } from './gst';

describe('GST worked backwards from the MRP', () => {
  it.each([
    // amount paid, rate, taxable value: amount / (1 + rate), to the paisa
    [10_000, 0, 10_000],
    [10_500, 5, 10_000],
    [11_200, 12, 10_000],
    [11_800, 18, 10_000],
    [3_450, 5, 3_286], // ₹34.50 at 5%: 32.857.. -> ₹32.86
    [8_950, 12, 7_991], // ₹89.50 at 12%: 79.910.. -> ₹79.91
    [19_999, 18, 16_948], // ₹199.99 at 18%: 169.483.. -> ₹169.48
  ] as const)('%i paise at %i%% has a taxable value of %i paise', (amountPaise, ratePercent, taxablePaise) => {
    expect(lineTax({ amountPaise, ratePercent }, 'intra_state').taxablePaise).toBe(taxablePaise);
    expect(lineTax({ amountPaise, ratePercent }, 'inter_state').taxablePaise).toBe(taxablePaise);
  });

  it('splits the tax into CGST and SGST within the state, and charges IGST to another state', () => {
    expect(lineTax({ amountPaise: 11_800, ratePercent: 18 }, 'intra_state')).toMatchObject({ cgstPaise: 900, sgstPaise: 900, igstPaise: 0 });
    expect(lineTax({ amountPaise: 11_800, ratePercent: 18 }, 'inter_state')).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1_800 });
    // ₹34.50 at 5%: tax 164 paise, 82 + 82.
    expect(lineTax({ amountPaise: 3_450, ratePercent: 5 }, 'intra_state')).toMatchObject({ cgstPaise: 82, sgstPaise: 82 });
    // ₹89.50 at 12%: tax 959 paise, an odd paisa: 480 + 479.
    expect(lineTax({ amountPaise: 8_950, ratePercent: 12 }, 'intra_state')).toMatchObject({ cgstPaise: 480, sgstPaise: 479 });
  });

  it('charges no tax at 0%', () => {
    expect(lineTax({ amountPaise: 4_999, ratePercent: 0 }, 'intra_state')).toMatchObject({ taxablePaise: 4_999, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('adds up to exactly what was paid, line by line and in total, for every rate and both supplies', () => {
    // Awkward amounts: each line rounds on its own and the totals must still meet to the paisa.
    const amounts = [1, 3, 99, 101, 3_105, 3_333, 8_950, 12_345, 19_999, 99_999];
    for (const supply of ['intra_state', 'inter_state'] as const) {
      const lines = amounts.flatMap((amountPaise, index) => [{ amountPaise, ratePercent: GST_RATES[index % 4]! }]);
      const invoice = invoiceTax(lines, supply);
      for (const line of invoice.lines) {
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.amountPaise);
      }
      const paid = amounts.reduce((total, amount) => total + amount, 0);
      expect(invoice.totalPaise).toBe(paid);
      expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(paid);
    }
  });

  it('refuses an amount that is not whole paise and a rate that is not a GST rate', () => {
    expect(() => lineTax({ amountPaise: 10.5, ratePercent: 5 }, 'intra_state')).toThrow(RangeError);
    expect(() => lineTax({ amountPaise: 100, ratePercent: 7 as 5 }, 'intra_state')).toThrow(RangeError);
  });
});

describe('place of supply and financial year', () => {
  it("is intra-state only when the delivery state is the seller's", () => {
    expect(supplyBetween('Karnataka', ' karnataka ')).toBe('intra_state');
    expect(supplyBetween('Karnataka', 'Maharashtra')).toBe('inter_state');
  });

  it('runs from April to March, in India', () => {
    expect(financialYear(new Date('2026-11-26T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:00:00Z'))).toBe('2026-27'); // 23:30 on 31 March in India
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // midnight, 1 April in India
    expect(financialYear(new Date('2100-01-15T00:00:00Z'))).toBe('2099-00');
  });
});
