/**
 * GST on a tax invoice, worked backwards from what the customer paid: an Indian MRP (and any lower
 * selling price) includes GST, so the taxable value is the amount divided by (1 + rate). Each line
 * is rounded to the paisa on its own and its tax is what is left of its amount, so taxable value
 * plus tax is exactly the amount on every line, and the invoice total is exactly what was paid.
 */

/** GST rates in force for goods on an invoice, in percent. Each product carries its own (catalogue data, never a constant). */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

/** Within the seller's state the tax is CGST + SGST; to another state (the place of supply is the delivery address) it is IGST. */
export type Supply = 'intra_state' | 'inter_state';

export interface TaxableLine {
  /** What this line charged, GST included, in paise. */
  amountPaise: number;
  ratePercent: GstRate;
}

export interface LineTax {
  amountPaise: number;
  ratePercent: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceTax {
  lines: LineTax[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Intra-state when the delivery state is the seller's (compared without case or surrounding spaces). */
export function supplyBetween(sellerState: string, placeOfSupply: string): Supply {
  return sellerState.trim().toLowerCase() === placeOfSupply.trim().toLowerCase() ? 'intra_state' : 'inter_state';
}

export function lineTax(line: TaxableLine, supply: Supply): LineTax {
  if (!Number.isInteger(line.amountPaise) || line.amountPaise < 0) throw new RangeError(`a line amount is whole paise, not ${line.amountPaise}`);
  if (!GST_RATES.includes(line.ratePercent)) throw new RangeError(`${line.ratePercent}% is not a GST rate`);
  // Integer arithmetic: amount * 100 / (100 + rate), rounded half up.
  const taxablePaise = Math.floor((line.amountPaise * 200 + (100 + line.ratePercent)) / (2 * (100 + line.ratePercent)));
  const taxPaise = line.amountPaise - taxablePaise;
  // CGST and SGST are half each; an odd paisa goes to CGST so the halves still add up to the tax.
  const cgstPaise = supply === 'intra_state' ? Math.ceil(taxPaise / 2) : 0;
  const sgstPaise = supply === 'intra_state' ? taxPaise - cgstPaise : 0;
  const igstPaise = supply === 'inter_state' ? taxPaise : 0;
  return { amountPaise: line.amountPaise, ratePercent: line.ratePercent, taxablePaise, cgstPaise, sgstPaise, igstPaise };
}

export function invoiceTax(lines: TaxableLine[], supply: Supply): InvoiceTax {
  const taxed = lines.map((line) => lineTax(line, supply));
  const sum = (pick: (line: LineTax) => number) => taxed.reduce((total, line) => total + pick(line), 0);
  return {
    lines: taxed,
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.amountPaise),
  };
}

/** The Indian financial year (April to March) a date falls in, as printed in invoice numbers: "2026-27". */
export function financialYear(date: Date): string {
  const india = new Date(date.getTime() + 330 * 60_000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}
