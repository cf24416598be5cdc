// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInvoice, type TaxDocument } from '../../domain/tax-invoice';
import english from '../../domain/strings/languages/en';
import hindi from '../../domain/strings/languages/hi';
import type { Language } from '../../domain/strings/table';
import { Sheet } from './InvoicePage';

/* The tax invoice as the customer's page draws it, in English (the spec's words) and in Hindi. */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seller = {
  legalName: 'MediKart Pharmacy Private Limited',
  tradeName: 'MediKart',
  address: ['12 Residency Road, Bengaluru'],
  state: 'Karnataka',
  stateCode: '29',
  gstin: '29AAKCM4821Q1Z6',
  drugLicences: [{ form: '20', number: 'KA-B41-214512' }],
  pharmacistInCharge: { name: 'Asha Rao', registrationNumber: 'KA-PH-004512' },
};
const doc: TaxDocument = {
  kind: 'invoice',
  number: 'MK/2627/000001',
  refers_to: null,
  issued_at: '2026-11-28T06:00:00Z',
  document: buildInvoice({
    seller,
    buyer: { name: 'Ravi Kumar', addressLines: ['2 Park Street'], state: 'Karnataka', pinCode: '560001' },
    orderNumber: 'MK-2611-000001',
    lines: [{ name: 'Azee 500 Tablet', hsnCode: '30042019', gstRate: 12, schedule: 'H', unitPricePaise: 11900, batches: [{ batchNumber: 'AZ-1', expiryDate: '2027-12-31', quantity: 1, mrpPaise: 11900 }] }],
    pharmacist: seller.pharmacistInCharge,
    paidPaise: 11900,
  }),
};

let box: HTMLDivElement;
let root: Root;
beforeEach(() => {
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
});
afterEach(() => {
  act(() => root.unmount());
  box.remove();
});

const draw = (language: Language) =>
  act(() => root.render(<Sheet doc={doc} rows={doc.document.rows} page={1} pages={1} text={language.text.invoice} locale={language.settings.locale} />));

/** The sheet's words outside what is marked as recorded (translate="no"), the abbreviations of GST law, numbers and the feed's name. */
function ownWords(): string[] {
  const clone = box.cloneNode(true) as HTMLElement;
  for (const recorded of clone.querySelectorAll('[translate="no"]')) recorded.remove();
  const texts: string[] = [];
  const walker = document.createTreeWalker(clone, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  const text = texts.join(' ').replace('Azee 500 Tablet', '');
  // The seller's GSTIN, state, licence and the batch are recorded data inside the sentences.
  const recorded = ['AAKCM', 'Karnataka', 'KA', 'AZ', 'MK'];
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !['GSTIN', 'HSN', 'MRP', 'GST', 'CGST', 'SGST', 'IGST', ...recorded].includes(word));
}

describe('the tax invoice sheet', () => {
  it('reads as the spec writes it in English', () => {
    draw(english);
    expect(ownWords()).toContain('Taxable');
    const sheet = box.querySelector('section')!;
    expect(sheet.getAttribute('aria-label')).toBe('Tax invoice MK/2627/000001, page 1 of 1');
    expect(sheet.textContent).toContain('GSTIN 29AAKCM4821Q1Z6 · State Karnataka (29)');
    expect(sheet.textContent).toContain('Drug licences: Form 20 KA-B41-214512');
    expect(sheet.textContent).toContain('Place of supply: Karnataka');
    expect(sheet.textContent).toContain('Intra-state supply: CGST + SGST');
    expect(sheet.textContent).toContain('Azee 500 Tablet (Sch. H)');
    expect(sheet.textContent).toContain('Dispensed by registered pharmacist Asha Rao, registration no. KA-PH-004512');
  });

  it('has its labels in Hindi on a Hindi page, the recorded details and the law’s abbreviations as they are', () => {
    draw(hindi);
    const sheet = box.querySelector('section')!;
    expect(sheet.getAttribute('aria-label')).toBe('टैक्स इनवॉइस MK/2627/000001, पेज 1 / 1');
    expect(sheet.textContent).toContain('GSTIN 29AAKCM4821Q1Z6 · राज्य Karnataka (29)');
    expect(sheet.textContent).toContain('ड्रग लाइसेंस: फ़ॉर्म 20 KA-B41-214512');
    expect(sheet.textContent).toContain('राज्य के भीतर आपूर्ति: CGST + SGST');
    expect(sheet.textContent).toContain('Azee 500 Tablet (अनुसूची H)');
    expect([...sheet.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['दवा', 'HSN', 'बैच', 'एक्सपायरी', 'मात्रा', 'MRP', 'कर योग्य मूल्य', 'GST %', 'CGST', 'SGST', 'रकम']);
    expect(ownWords()).toEqual([]);
  });
});
