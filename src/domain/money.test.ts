import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money';

describe('formatRupees', () => {
  it('shows the rupee sign and exactly 2 decimals', () => {
    expect(formatRupees(35.5)).toBe('₹35.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(12.345)).toBe('₹12.35');
  });

  it('groups digits the Indian way', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
  });
});

describe('paise conversion', () => {
  it('rounds rupees to whole paise and back', () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(35.5)).toBe(3550);
    expect(paiseToRupees(3550)).toBe(35.5);
  });
});
