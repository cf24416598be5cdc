import { describe, expect, it } from 'vitest';
import { formatRupees, paiseFromRupees, rupeesOf, rupeesText } from './money';

describe('formatRupees', () => {
  it('shows paise as rupees with the rupee sign and exactly 2 decimals', () => {
    expect(formatRupees(3550)).toBe('₹35.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(1234.5)).toBe('₹12.35');
  });

  it('groups digits the Indian way', () => {
    expect(formatRupees(12345650)).toBe('₹1,23,456.50');
  });

  it('drops ".00" from whole rupees in a sentence, and keeps paise otherwise', () => {
    expect(formatRupees(500000, 'sentence')).toBe('₹5,000');
    expect(formatRupees(499950, 'sentence')).toBe('₹4,999.50');
  });
});

describe('crossing to and from rupees', () => {
  it('reads rupees (a number or decimal text) as whole paise', () => {
    expect(paiseFromRupees(0.1 + 0.2)).toBe(30);
    expect(paiseFromRupees(35.5)).toBe(3550);
    expect(paiseFromRupees('120.50')).toBe(12050);
    expect(paiseFromRupees(' 18 ')).toBe(1800);
  });

  it('refuses what is not a whole number of paise, never rounding it', () => {
    expect(paiseFromRupees(12.345)).toBeNull();
    expect(paiseFromRupees(-1)).toBeNull();
    expect(paiseFromRupees('12,00')).toBeNull();
    expect(paiseFromRupees(Number.NaN)).toBeNull();
  });

  it('writes paise back as rupees for shapes fixed in rupees', () => {
    expect(rupeesOf(3550)).toBe(35.5);
    expect(rupeesText(3550)).toBe('35.50');
    expect(rupeesText(12000)).toBe('120.00');
  });
});
