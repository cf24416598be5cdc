import { describe, expect, it } from 'vitest';
import { PRODUCT_NOT_FOUND_PATH, productAddressResponse } from './product-by-id';

const addresses = {
  moved: { '7': '/products/eno-fruit-salt', 'eno-fruit-salt-lemon': '/products/eno-fruit-salt' },
  gone: { '9': '/product-removed/crocin-advance', 'crocin-advance': '/product-removed/crocin-advance' },
};
const pages = async (url: string | URL | Request) => {
  const { pathname, origin } = new URL(String(url));
  expect(origin).toBe('https://shop.example');
  // The site has Hindi pages; no language 'kn'.
  if (pathname.startsWith('/kn/')) return new Response('<h1>404</h1>', { status: 404 });
  return new Response(`<h1>Product not found</h1>${pathname}`, { headers: { 'content-type': 'text/html', 'x-content-type-options': 'nosniff', etag: '"page"' } });
};

describe('/products/<segment> without a page', () => {
  it('sends a known id on to its slug URL for good', async () => {
    const response = await productAddressResponse(new Request('https://shop.example/products/7'), addresses, pages);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/products/eno-fruit-salt');
  });

  it('sends a slug the product had before on to its page for good, whatever its case', async () => {
    const response = await productAddressResponse(new Request('https://shop.example/products/ENO-Fruit-Salt-Lemon/'), addresses, pages);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/products/eno-fruit-salt');
  });

  it("answers a removed product's slug and id with 410 and its own page", async () => {
    for (const segment of ['crocin-advance', '9']) {
      const response = await productAddressResponse(new Request(`https://shop.example/products/${segment}`), addresses, pages);
      expect(response.status).toBe(410);
      expect(await response.text()).toBe('<h1>Product not found</h1>/product-removed/crocin-advance');
    }
  });

  it('answers an unknown id or slug with the Product not found page and 404', async () => {
    for (const segment of ['8', 'no-such-thing']) {
      const response = await productAddressResponse(new Request(`https://shop.example/products/${segment}`), addresses, pages);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html');
      // The page's security headers go with it; its cache validators do not.
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('etag')).toBeNull();
      expect(await response.text()).toBe(`<h1>Product not found</h1>${PRODUCT_NOT_FOUND_PATH}`);
    }
  });

  it("answers a product page in another language with that language's address and page", async () => {
    const moved = await productAddressResponse(new Request('https://shop.example/products/7?language=hi'), addresses, pages);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/hi/products/eno-fruit-salt');
    const removed = await productAddressResponse(new Request('https://shop.example/products/crocin-advance?language=hi'), addresses, pages);
    expect(removed.status).toBe(410);
    expect(await removed.text()).toBe('<h1>Product not found</h1>/hi/product-removed/crocin-advance');
    const unknown = await productAddressResponse(new Request('https://shop.example/products/no-such-thing?language=hi'), addresses, pages);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('<h1>Product not found</h1>/hi/product-not-found');
  });

  it('answers in English for a language without pages, or a language that is not a code', async () => {
    const none = await productAddressResponse(new Request('https://shop.example/products/no-such-thing?language=kn'), addresses, pages);
    expect(await none.text()).toBe(`<h1>Product not found</h1>${PRODUCT_NOT_FOUND_PATH}`);
    const bad = await productAddressResponse(new Request('https://shop.example/products/7?language=../x'), addresses, pages);
    expect(bad.headers.get('location')).toBe('/products/eno-fruit-salt');
  });
});
