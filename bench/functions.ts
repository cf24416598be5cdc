/**
 * The deployed functions' size and cold start (issue 26, targets: <= 5 MB zipped per function,
 * <= 300 ms added by loading prices at a cold start). Zips every function with Netlify's own
 * bundler (zip-it-and-ship-it, as a deploy does, with netlify.toml's included_files), then for the
 * Razorpay create-order function starts fresh Node processes on the unzipped archive and times
 *  - the first answer to a cart with no lines (400: the same module loading, configuration and body
 *    parsing, refused just before pricing), and
 *  - the first answer after pricing a cart (a wrong total: 409 once the lines are priced),
 * each from process start; the difference is what loading prices adds. Median of `runs`.
 * It reads the shards the last build wrote (.generated/catalogue), or, with `catalogueDir`, writes
 * them from that catalogue first, exactly as the build does (without building the pages).
 * Usage: tsx bench/functions.ts [catalogue dir] [runs]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';
import { CATALOGUE_SHARDS_DIR, catalogueShardFile, catalogueShards, toPriceRow, type CatalogueShardKind } from '../src/domain/catalogue-shards.ts';
import { toPriceIndexEntry } from '../src/domain/product.ts';
import { sellingPricePaise } from '../src/domain/selling-price.ts';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files.ts';
import { applyLocalEnv } from '../emulators/local-env.ts';

const root = path.resolve(import.meta.dirname, '..');
const PAYMENT_FUNCTION = /^(razorpay|phonepe|cod)-/;

export interface FunctionFigures {
  products: number;
  /** Zipped size of each function, in MB. */
  zippedMb: Record<string, number>;
  coldStartNoPricesMs: number;
  coldStartPricedMs: number;
}

async function writeShardsFrom(catalogueDir: string): Promise<{ products: number; productId: number; pricePaise: number }> {
  const products = await readCatalogueDirectory(catalogueDir);
  await rm(path.join(root, CATALOGUE_SHARDS_DIR), { recursive: true, force: true });
  const write = async (kind: CatalogueShardKind, rows: readonly [number, ...unknown[]][]) => {
    await mkdir(path.join(root, CATALOGUE_SHARDS_DIR, kind), { recursive: true });
    for (const [shard, members] of catalogueShards(rows, ([id]) => id)) await writeFile(path.join(root, catalogueShardFile(kind, shard)), `${JSON.stringify(members)}\n`);
  };
  await write('prices', products.map((product) => toPriceRow(toPriceIndexEntry(product))));
  const forSale = products.find((product) => product.sale_state === 'ADD TO CART' && !product.requires_prescription)!;
  return { products: products.length, productId: forSale.id, pricePaise: sellingPricePaise(forSale) };
}

async function firstProductForSale(): Promise<{ products: number; productId: number; pricePaise: number }> {
  const dir = path.join(root, CATALOGUE_SHARDS_DIR, 'prices');
  let products = 0;
  let found: { productId: number; pricePaise: number } | null = null;
  for (const file of await readdir(dir)) {
    const rows = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as [number, string, number, number | null, 0 | 1, 0 | 1, string][];
    products += rows.length;
    const row = rows.find(([, , , , rx, , state]) => rx === 0 && state === 'ADD TO CART');
    if (row && !found) found = { productId: row[0], pricePaise: sellingPricePaise({ mrp_paise: row[2], ...(row[3] === null ? {} : { current_price_paise: row[3] }) }) };
  }
  if (!found) throw new Error(`no product for sale in ${dir}: build first`);
  return { products, ...found };
}

/** One fresh Node process on the unzipped function: ms from its start to the first answer. */
function coldAnswer(unzipped: string, module: string, request: { method: string; body?: unknown }, expectStatus: number): number {
  const script = `
    const fn = await import(${JSON.stringify(module)});
    const init = ${JSON.stringify(request.method === 'GET' ? { method: 'GET' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) })};
    const response = await fn.default(new Request('http://localhost:8888/api/razorpay/create-order', init), { waitUntil() {} });
    if (response.status !== ${expectStatus}) throw new Error('answered ' + response.status + ' ' + await response.text());
    console.log(JSON.stringify({ ms: Math.round(performance.now()) }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: unzipped,
    encoding: 'utf8',
    // The local stack's settings: nothing here calls a service (the answers come before any call).
    env: process.env,
  });
  if (run.status !== 0) throw new Error(`cold start failed: ${run.stderr}`);
  return (JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { ms: number }).ms;
}

interface TomlFunctionSettings {
  node_bundler?: string;
  included_files?: string[];
  external_node_modules?: string[];
}

/**
 * netlify.toml's [functions] settings as zip-it-and-ship-it takes them, as a deploy does: the
 * top-level ones for every function ('*') and each [functions."<name>"] section for its function.
 */
export async function functionsConfig(): Promise<Record<string, { nodeBundler: 'esbuild'; includedFiles: string[]; externalNodeModules: string[] }>> {
  const toml = parseToml(await readFile(path.join(root, 'netlify.toml'), 'utf8')) as { functions?: TomlFunctionSettings & Record<string, unknown> };
  const settings = (from: TomlFunctionSettings) => ({ nodeBundler: 'esbuild' as const, includedFiles: from.included_files ?? [], externalNodeModules: from.external_node_modules ?? [] });
  const functions = toml.functions ?? {};
  const named = Object.entries(functions).filter((entry): entry is [string, TomlFunctionSettings] => typeof entry[1] === 'object' && !Array.isArray(entry[1]));
  return { '*': settings(functions), ...Object.fromEntries(named.map(([name, section]) => [name, settings(section)])) };
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFunctions(catalogueDir?: string, runs = 5): Promise<FunctionFigures> {
  applyLocalEnv(8888);
  const product = catalogueDir ? await writeShardsFrom(catalogueDir) : await firstProductForSale();
  const out = await mkdtemp(path.join(tmpdir(), 'functions-'));
  try {
    const zipped = await zipFunctions(path.join(root, 'netlify', 'functions'), out, { basePath: root, repositoryRoot: root, config: await functionsConfig() });
    const zippedMb: Record<string, number> = {};
    for (const result of zipped) zippedMb[result.name] = (await stat(result.path)).size / 1024 / 1024;

    const create = zipped.find((result) => result.name === 'razorpay-create-order')!;
    const unzipped = path.join(out, 'unzipped');
    execFileSync('unzip', ['-q', create.path, '-d', unzipped]);
    const module = path.join(unzipped, 'netlify', 'functions', 'razorpay-create-order.mjs');
    const body = {
      amount: product.pricePaise + 100,
      lines: [{ productId: product.productId, quantity: 1 }],
      cartSessionId: randomUUID(),
      prescriptionPaths: [],
      delivery: { full_name: 'Asha Rao', mobile: '98450 12345', line1: '12, 4th Cross, Indiranagar', area: 'HAL 2nd Stage', landmark: '', city: 'Bengaluru', state: 'Karnataka', pin_code: '560038', email: 'bench@example.test' },
    };
    const plain: number[] = [];
    const priced: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      plain.push(coldAnswer(unzipped, module, { method: 'POST', body: { ...body, lines: [] } }, 400));
      priced.push(coldAnswer(unzipped, module, { method: 'POST', body }, 409));
    }
    return { products: product.products, zippedMb, coldStartNoPricesMs: median(plain), coldStartPricedMs: median(priced) };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

export function printFunctions(figures: FunctionFigures): void {
  const payment = Object.entries(figures.zippedMb).filter(([name]) => PAYMENT_FUNCTION.test(name));
  const largest = Object.entries(figures.zippedMb).toSorted(([, a], [, b]) => b - a)[0]!;
  console.log(`\nFunctions at ${figures.products.toLocaleString('en-IN')} products (zip-it-and-ship-it, as deployed)`);
  console.log(`  payment functions zipped: ${payment.map(([name, mb]) => `${name} ${mb.toFixed(2)} MB`).join(', ')} (target <= 5 MB each)`);
  console.log(`  largest function: ${largest[0]} ${largest[1].toFixed(2)} MB`);
  console.log(
    `  cold start to first answer: ${figures.coldStartNoPricesMs} ms refused just before pricing, ${figures.coldStartPricedMs} ms pricing a cart; ` +
      `added by loading prices ${figures.coldStartPricedMs - figures.coldStartNoPricesMs} ms (target <= 300 ms)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [catalogueDir, runs] = process.argv.slice(2);
  printFunctions(await measureFunctions(catalogueDir, runs ? Number(runs) : 5));
}
