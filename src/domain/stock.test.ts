import { describe, expect, it } from 'vitest';
import { notAvailableSentence, stockNote } from './stock';

describe('what customers are told about stock', () => {
  it('says sold out, or how many are left', () => {
    expect(notAvailableSentence('Azithromycin 500mg Tablet', 0)).toBe('Sorry, Azithromycin 500mg Tablet is sold out.');
    expect(notAvailableSentence('Azithromycin 500mg Tablet', 1)).toBe('Sorry, only 1 of Azithromycin 500mg Tablet is left. Please lower the quantity.');
    expect(notAvailableSentence('Azithromycin 500mg Tablet', 3)).toBe('Sorry, only 3 of Azithromycin 500mg Tablet are left. Please lower the quantity.');
  });

  it('shows "Only N left" at 5 or fewer, sold out at 0, and nothing for untracked products', () => {
    expect(stockNote(undefined)).toEqual({ soldOut: false, note: null });
    expect(stockNote(0)).toEqual({ soldOut: true, note: null });
    expect(stockNote(5)).toEqual({ soldOut: false, note: 'Only 5 left' });
    expect(stockNote(6)).toEqual({ soldOut: false, note: null });
  });
});
