import type { GstRate } from './gst';

/**
 * A product's regulatory and tax facts from its catalogue record: the drug schedule (Drugs and
 * Cosmetics Rules) and the HSN code and GST rate its invoice line uses. Rates change (2025), so
 * each product carries its own.
 */
export const DRUG_SCHEDULES = ['OTC', 'H', 'H1', 'X'] as const;
export type DrugSchedule = (typeof DRUG_SCHEDULES)[number];

/** The GST rates a record may give, as the text the record holds them in. */
export const GST_RATES_TEXT = ['0', '5', '12', '18', '28'] as const;

export const HSN_CODE = /^\d{4}(\d{2}(\d{2})?)?$/;

export interface DrugTaxFacts {
  schedule: DrugSchedule;
  hsnCode: string | null;
  gstRate: GstRate | null;
}

/** Schedule X medicines may not be sold online at all. */
export function mayBeSoldOnline(schedule: DrugSchedule): boolean {
  return schedule !== 'X';
}

/** Lines of these schedules are written to the Schedule H1 register when dispatched. */
export function needsH1Register(schedule: DrugSchedule): boolean {
  return schedule === 'H1';
}
