import { describe, expect, it } from 'vitest';
import { productPath } from './product-path';

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
