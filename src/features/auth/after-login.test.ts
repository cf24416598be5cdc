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
});
