import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

describe('where sign-in leads', () => {
  it('goes back to the page that asked for it', () => {
    expect(afterLoginPath('?next=%2Faccount%2Faddresses')).toBe('/account/addresses');
  });

  it('goes to the products otherwise, and never to another site', () => {
    expect(afterLoginPath('')).toBe('/products');
    expect(afterLoginPath('?next=https://evil.example')).toBe('/products');
    expect(afterLoginPath('?next=//evil.example')).toBe('/products');
    expect(afterLoginPath('?next=/\\evil.example')).toBe('/products');
  });

  it('on a sign-in page in another language: back to the page as it was written, its prefix once, else that language\'s products', () => {
    expect(afterLoginPath('?next=%2Fhi%2Faccount%2Forders%3Fpage%3D2', '/hi')).toBe('/hi/account/orders?page=2');
    expect(afterLoginPath('', '/hi')).toBe('/hi/products');
    expect(afterLoginPath('?next=//evil.example', '/hi')).toBe('/hi/products');
  });
});
