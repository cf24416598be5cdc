import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, addressErrors, addressSchema, formatAddress, formatIndianMobile, INDIAN_STATES } from './address';

const typed = {
  full_name: ' Asha Rao ',
  mobile: '98765 43210',
  line1: 'Flat 4B, 12 MG Road',
  area: 'Indiranagar',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560038',
  label: 'Home',
};

describe('address schema', () => {
  it('turns a typed address into the stored one: trimmed, mobile in E.164, empty landmark as none', () => {
    expect(addressSchema.parse(typed)).toEqual({
      ...typed,
      full_name: 'Asha Rao',
      mobile: '+919876543210',
      landmark: null,
      is_default: false,
    });
  });

  it('accepts a mobile typed with +91 or 0 in front', () => {
    expect(addressSchema.parse({ ...typed, mobile: '+91 98765 43210' }).mobile).toBe('+919876543210');
    expect(addressSchema.parse({ ...typed, mobile: '09876543210' }).mobile).toBe('+919876543210');
  });

  it('gives each wrong field its own message', () => {
    const result = addressSchema.safeParse({ ...typed, full_name: '', mobile: '5876543210', line1: ' ', area: '', city: '', state: 'Bangalore', pin_code: '060001', label: 'Office' });
    expect(result.success).toBe(false);
    expect(addressErrors(result.error!)).toEqual({
      full_name: ADDRESS_MESSAGES.fullName,
      mobile: ADDRESS_MESSAGES.mobile,
      line1: ADDRESS_MESSAGES.line1,
      area: ADDRESS_MESSAGES.area,
      city: ADDRESS_MESSAGES.city,
      state: ADDRESS_MESSAGES.state,
      pin_code: ADDRESS_MESSAGES.pinCode,
      label: ADDRESS_MESSAGES.label,
    });
  });

  it('lists the same 36 states and union territories as the table check', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    const migration = readFileSync(new URL('../../supabase/migrations/20261123000200_customer_accounts.sql', import.meta.url), 'utf8');
    const sqlList = migration.match(/state in \(([\s\S]*?)\)\)/)![1]!.match(/'([^']+)'/g)!.map((quoted) => quoted.slice(1, -1));
    expect(sqlList).toEqual([...INDIAN_STATES]);
  });

  it('writes an address on one line, leaving out a missing landmark', () => {
    expect(formatAddress(addressSchema.parse(typed))).toBe('Flat 4B, 12 MG Road, Indiranagar, Bengaluru 560038, Karnataka');
  });

  it('shows a stored mobile as +91 XXXXX XXXXX whether or not it has the plus', () => {
    expect(formatIndianMobile('+919876543210')).toBe('+91 98765 43210');
    expect(formatIndianMobile('919876543210')).toBe('+91 98765 43210');
  });
});
