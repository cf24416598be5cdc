import { describe, expect, it } from 'vitest';
import { idRedirectHtml, productsNeedingIdRedirect } from './id-redirect';
import type { Product } from '@/domain/product';

const site = new URL('https://shop.example');

describe('id redirects', () => {
  it('sends /products/<id> on to the slug URL with a visible link and the slug URL as canonical', () => {
    const html = idRedirectHtml({ id: 7, slug: 'eno-fruit-salt', name: 'Eno "Fruit" Salt & Lemon' }, site);
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=/products/eno-fruit-salt">');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/products/eno-fruit-salt">');
    expect(html).toContain('<a href="/products/eno-fruit-salt">Go to Eno &quot;Fruit&quot; Salt &amp; Lemon</a>');
  });

  it('leaves out products whose page already lives under their id', () => {
    const products = [
      { id: 1, slug: 'metformin-500mg-tablet' },
      { id: 2, slug: '' },
      { id: 3, slug: '2024' },
    ] as Product[];
    expect(productsNeedingIdRedirect(products).map((product) => product.id)).toEqual([1]);
  });
});
