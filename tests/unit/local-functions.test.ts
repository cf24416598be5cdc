import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFunction, listLocalFunctions, type LocalFunction } from '../../scripts/local-functions';

const projectRoot = path.resolve(import.meta.dirname, '../..');

const table: LocalFunction[] = [
  { name: 'orders-get', file: 'netlify/functions/orders-get.mts', routes: [{ literal: '/api/orders/get', methods: [] }], excludedRoutes: [] },
  { name: 'refills-stop', file: 'netlify/functions/refills-stop.mts', routes: [{ literal: '/api/refills/stop', methods: ['POST'] }], excludedRoutes: [] },
  {
    name: 'product-by-id',
    file: 'netlify/functions/product-by-id.mts',
    routes: [{ expression: '^\\/products(?:\\/([^\\/]+?))\\/?$', methods: [], prefer_static: true }],
    excludedRoutes: [{ literal: '/products/offers' }],
  },
  { name: 'orders-reconcile', file: 'netlify/functions/orders-reconcile.mts', routes: [], excludedRoutes: [] },
];

describe('which function answers a path (the rules of Netlify’s functions handler)', () => {
  it('finds a declared path, with or without a trailing slash and in any case', () => {
    for (const pathname of ['/api/orders/get', '/api/orders/get/', '/API/Orders/Get']) {
      expect(findFunction(table, pathname, 'GET')?.func.name).toBe('orders-get');
    }
    expect(findFunction(table, '/api/orders/get/extra', 'GET')).toBeUndefined();
  });

  it('takes only the methods a route lists, and any method where it lists none', () => {
    expect(findFunction(table, '/api/refills/stop', 'POST')?.func.name).toBe('refills-stop');
    expect(findFunction(table, '/api/refills/stop', 'GET')).toBeUndefined();
    expect(findFunction(table, '/api/orders/get', 'DELETE')?.func.name).toBe('orders-get');
  });

  it('matches a pattern, says when a built file goes first, and leaves an excluded path alone', () => {
    expect(findFunction(table, '/products/12345', 'GET')).toEqual({ func: table[2], preferStatic: true });
    expect(findFunction(table, '/products/offers', 'GET')).toBeUndefined();
    expect(findFunction(table, '/products/1/2', 'GET')).toBeUndefined();
  });

  it('reaches a function without paths (a scheduled one) at /.netlify/functions/<name>, and no other', () => {
    expect(findFunction(table, '/.netlify/functions/orders-reconcile', 'POST')).toEqual({ func: table[3], preferStatic: false });
    expect(findFunction(table, '/.netlify/functions/orders-get', 'GET')).toBeUndefined();
    expect(findFunction(table, '/.netlify/functions/no-such-function', 'GET')).toBeUndefined();
  });
});

describe("the project's function table", () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it('lists every function with the paths, patterns and schedules-only entries its config declares', async () => {
    const functions = await listLocalFunctions(projectRoot);
    const byName = new Map(functions.map((func) => [func.name, func]));
    expect(byName.get('razorpay-create-order')).toMatchObject({ file: 'netlify/functions/razorpay-create-order.mts', routes: [{ literal: '/api/razorpay/create-order' }] });
    expect(byName.get('product-by-id')?.routes).toEqual([expect.objectContaining({ prefer_static: true, expression: expect.any(String) })]);
    expect(byName.get('orders-reconcile')?.routes).toEqual([]);
    expect(findFunction(functions, '/og/products/amlodipine-5mg-tablet.jpg', 'GET')?.func.name).toBe('og-product-image');
  });

  it('is listed again when a function file changes, and a damaged table is replaced', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'function-table-'));
    folders.push(project);
    await mkdir(path.join(project, 'netlify', 'functions'), { recursive: true });
    await writeFile(path.join(project, 'netlify.toml'), '[functions]\n  directory = "netlify/functions"\n');
    const write = (route: string) =>
      writeFile(path.join(project, 'netlify', 'functions', 'hello.mts'), `export default () => new Response('hello');\nexport const config = { path: '${route}' };\n`);

    await write('/api/hello');
    expect((await listLocalFunctions(project)).map((func) => func.routes[0]?.literal)).toEqual(['/api/hello']);
    await write('/api/greeting');
    expect((await listLocalFunctions(project)).map((func) => func.routes[0]?.literal)).toEqual(['/api/greeting']);

    const tableFile = path.join(project, 'node_modules', '.cache', 'medikart-function-routes.json');
    await writeFile(tableFile, JSON.stringify({ key: JSON.parse(await readFile(tableFile, 'utf8')).key, functions: [{ name: 'hello' }] }));
    expect((await listLocalFunctions(project)).map((func) => func.routes[0]?.literal)).toEqual(['/api/greeting']);
  }, 30_000);
});
