import { describe, expect, it } from 'vitest';
import { productPathsById, productsNeedingIdRedirect } from './id-redirect';
import type { Product } from '../../domain/product';

const products = [
  { id: 1, slug: 'metformin-500mg-tablet' },
  { id: 2, slug: '' },
  { id: 3, slug: '2024' },
] as Product[];

describe('id redirects', () => {
  it('leaves out products whose page already lives under their id', () => {
    expect(productsNeedingIdRedirect(products).map((product) => product.id)).toEqual([1]);
  });

  it('lists the slug path of every other product by its id', () => {
    expect(productPathsById(products)).toEqual({ '1': '/products/metformin-500mg-tablet' });
  });
});
