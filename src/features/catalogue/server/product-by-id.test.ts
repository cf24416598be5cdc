import { describe, expect, it } from 'vitest';
import { PRODUCT_NOT_FOUND_PATH, productByIdResponse } from './product-by-id';

const paths = new Map([[7, '/products/eno-fruit-salt']]);
const pathOf = async (id: number) => paths.get(id);
const notFoundPage = async (url: string | URL | Request) => {
  expect(String(url)).toBe(`https://shop.example${PRODUCT_NOT_FOUND_PATH}`);
  return new Response('<h1>Product not found</h1>', { headers: { 'content-type': 'text/html' } });
};

describe('/products/<id>', () => {
  it('sends a known id on to its slug URL for good', async () => {
    const response = await productByIdResponse(new Request('https://shop.example/products/7'), pathOf, notFoundPage);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/products/eno-fruit-salt');
  });

  it('answers an unknown id with the Product not found page and 404', async () => {
    const response = await productByIdResponse(new Request('https://shop.example/products/8'), pathOf, notFoundPage);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<h1>Product not found</h1>');
  });
});
