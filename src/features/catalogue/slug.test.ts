import { describe, expect, it } from 'vitest';
import { isProductIdSegment, productSlug } from './slug';

describe('productSlug', () => {
  it('lower-cases the name and turns runs of other characters into one hyphen', () => {
    expect(productSlug('Metformin 500mg Tablet')).toBe('metformin-500mg-tablet');
    expect(productSlug('Pan-D  Capsule (15 caps)')).toBe('pan-d-capsule-15-caps');
    expect(productSlug('Clotrimazole 1% w/w Dusting Powder')).toBe('clotrimazole-1-w-w-dusting-powder');
  });

  it('drops hyphens at either end', () => {
    expect(productSlug('  *Nicotine Gum* ')).toBe('nicotine-gum');
  });
});

describe('isProductIdSegment', () => {
  it('accepts only purely numeric segments', () => {
    expect(isProductIdSegment('101')).toBe(true);
    expect(isProductIdSegment('101a')).toBe(false);
    expect(isProductIdSegment('metformin-500mg')).toBe(false);
    expect(isProductIdSegment('')).toBe(false);
  });
});
