import { describe, expect, it } from 'vitest';
import { h1RegisterCsv } from './h1-register';

const row = {
  supplied_on: '2026-11-26',
  patient_name: 'Ravi Kumar',
  prescriber_name: 'Dr. Meera Iyer, MD',
  prescriber_registration: 'KMC-48213',
  drug_name: 'Azithromycin 500mg Tablet',
  batch_number: 'AZ24-118',
  expiry_date: '2027-06-30',
  quantity: 2,
  invoice_number: 'MK/2627/000123',
  order_number: 'MK-2611-000123',
};

describe('the Schedule H1 register export', () => {
  it('has the inspector’s columns and one line per row, quoting what needs it', () => {
    expect(h1RegisterCsv([row])).toBe(
      'Date of supply,Patient,Prescriber,Prescriber registration,Drug,Batch,Expiry,Quantity,Invoice,Order\r\n' +
        '2026-11-26,Ravi Kumar,"Dr. Meera Iyer, MD",KMC-48213,Azithromycin 500mg Tablet,AZ24-118,2027-06-30,2,MK/2627/000123,MK-2611-000123\r\n',
    );
  });

  it('never lets a name become a spreadsheet formula', () => {
    expect(h1RegisterCsv([{ ...row, patient_name: '=HYPERLINK("x")' }])).toContain(`,"'=HYPERLINK(""x"")",`);
  });
});
