import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueShardDir, catalogueShardFile, catalogueShards, toShareCardRow } from '../../src/domain/catalogue-shards';
import { productShareFacts, productShareImagePath } from '../../src/features/share-images/server/share-cards';
import { SHARE_IMAGE_MAX_BYTES } from '../../src/features/share-images/server/share-image';
import { productShareImageDependencies, productShareImageResponse } from '../../src/features/share-images/server/product-share-image';
import { fixtureProduct, fixtureProducts } from '../../tests/e2e/support/fixture-catalogue';
import * as ogProductImage from '../functions/og-product-image.mts';

const products = fixtureProducts(() => true);
const cetirizine = fixtureProduct(14);
const publicDir = path.resolve(import.meta.dirname, '../../public');

// The site the function fetches product photos from: public/ served as Netlify serves it, with
// every request counted, and one picture path that fails as a CDN outage would.
const served: string[] = [];
const FAILING_PICTURE = '/images/products/unreachable.webp';
let site: Server;
let origin: string;
let root: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    served.push(pathname);
    const file = path.join(publicDir, pathname);
    if (pathname === FAILING_PICTURE) response.writeHead(502).end();
    else if (file.startsWith(publicDir) && existsSync(file)) createReadStream(file).pipe(response.writeHead(200, { 'content-type': 'image/webp' }));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  // The share-cards shards as the build writes them, in a root of their own.
  root = await mkdtemp(path.join(tmpdir(), 'og-product-image-'));
  await mkdir(path.join(root, catalogueShardDir('share-cards')), { recursive: true });
  const rows = [...products.map((product) => toShareCardRow(productShareFacts(product))), toShareCardRow({ ...productShareFacts(cetirizine), id: 9_001, picture: FAILING_PICTURE })];
  for (const [shard, members] of catalogueShards(rows, ([id]) => id)) await writeFile(path.join(root, catalogueShardFile('share-cards', shard)), JSON.stringify(members));
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const ask = (address: string, method = 'GET') => productShareImageResponse(new Request(`${origin}${address}`, { method }), productShareImageDependencies(root));

describe('/og/products/<id>-<hash>.jpg', () => {
  it('is routed at the address product pages give as their og:image', () => {
    expect(ogProductImage.config.path).toBe('/og/products/:file');
  });

  it("answers the product's own 1200x630 JPEG under 100 KB, with its photo, cached for good", async () => {
    const address = productShareImagePath(productShareFacts(cetirizine));
    served.length = 0;
    const response = await ask(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=31536000, immutable');
    expect(response.headers.get('netlify-cache-id')).toBe('share-images');
    const jpeg = Buffer.from(await response.arrayBuffer());
    expect(jpeg.length).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
    expect(Number(response.headers.get('content-length'))).toBe(jpeg.length);
    const { width, height, format } = await sharp(jpeg).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    // The photo came from the site: the one request the function made.
    expect(served).toEqual([cetirizine.images[0]]);
  });

  it('answers 404 for a product id the catalogue does not have, and for an address that is no image', async () => {
    const unknown = await ask('/og/products/999999-0123456789ab.jpg');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('No product with id 999999.');
    for (const address of ['/og/products/14.jpg', '/og/products/cetirizine-10mg-tablet.jpg']) {
      expect((await ask(address)).status, address).toBe(404);
    }
  });

  it("sends an old address (the price has changed since) on to today's image, briefly cached", async () => {
    const old = productShareImagePath(productShareFacts({ ...cetirizine, current_price_paise: cetirizine.mrp_paise - 1 }));
    const response = await ask(old);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(productShareImagePath(productShareFacts(cetirizine)));
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('netlify-cdn-cache-control')).toBeNull();
    // A query would make each variant a new CDN entry drawn again: it is sent to the plain address.
    const current = productShareImagePath(productShareFacts(cetirizine));
    const withQuery = await ask(`${current}?utm_source=whatsapp`);
    expect(withQuery.status).toBe(302);
    expect(withQuery.headers.get('location')).toBe(current);
  });

  it('never caches an image it could not fetch the photo for', async () => {
    const address = productShareImagePath({ ...productShareFacts(cetirizine), id: 9_001, picture: FAILING_PICTURE });
    const response = await ask(address);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers another method with 405', async () => {
    const response = await ask(productShareImagePath(productShareFacts(cetirizine)), 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
