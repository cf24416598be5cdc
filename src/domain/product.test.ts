import { describe, expect, it } from 'vitest';
import { isProductIdSegment, productCardsUrl, productPath, productSlug } from './product';

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

describe('productPath', () => {
  it('links with the slug', () => {
    expect(productPath({ id: 7, slug: 'metformin-500mg-tablet' })).toBe('/products/metformin-500mg-tablet');
  });

  it('links with the id when the name gave no slug', () => {
    expect(productPath({ id: 7, slug: '' })).toBe('/products/7');
  });

  it('links with the id when the slug is purely numeric, since that would read as an id', () => {
    expect(productPath({ id: 7, slug: '2024' })).toBe('/products/7');
  });
});

describe('productCardsUrl', () => {
  it('puts the ids of one range of 32 in one file, and the next id in the next file', () => {
    expect([0, 1, 31].map(productCardsUrl)).toEqual(['/catalogue/cards/0.json', '/catalogue/cards/0.json', '/catalogue/cards/0.json']);
    expect(productCardsUrl(32)).toBe('/catalogue/cards/1.json');
    expect(productCardsUrl(100_000)).toBe('/catalogue/cards/3125.json');
  });
});
