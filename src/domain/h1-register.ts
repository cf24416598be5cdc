/**
 * The Schedule H1 register as a drug inspector receives it: one CSV row per dispatched batch of an
 * H1 line, oldest first, with the columns the Drugs and Cosmetics Rules ask for.
 */

export interface H1RegisterRow {
  supplied_on: string;
  patient_name: string;
  prescriber_name: string;
  prescriber_registration: string;
  drug_name: string;
  batch_number: string;
  expiry_date: string;
  quantity: number;
  invoice_number: string;
  order_number: string;
}

export const H1_REGISTER_HEADER = ['Date of supply', 'Patient', 'Prescriber', 'Prescriber registration', 'Drug', 'Batch', 'Expiry', 'Quantity', 'Invoice', 'Order'];

/** A CSV field, quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised so a spreadsheet never runs it. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function h1RegisterCsv(rows: readonly H1RegisterRow[]): string {
  const lines = rows.map((row) =>
    [row.supplied_on, row.patient_name, row.prescriber_name, row.prescriber_registration, row.drug_name, row.batch_number, row.expiry_date, row.quantity, row.invoice_number, row.order_number]
      .map(csvField)
      .join(','),
  );
  return `${[H1_REGISTER_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
