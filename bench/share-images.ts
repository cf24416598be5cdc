/**
 * What product share images (Open Graph, src/features/share-images) cost now that they are drawn on
 * request by netlify/functions/og-product-image.mts rather than at build:
 *  - at build: no image; each product's address (a hash of its card) and its share-cards row, for
 *    every product, written as the build writes them (target: the build's 300 s at 100,000);
 *  - the function zipped as deployed (zip-it-and-ship-it with netlify.toml's settings; issue 26's
 *    target <= 5 MB per function);
 *  - a first request (the only one: the CDN keeps the answer) on the unzipped function in a fresh
 *    Node process, the product photo fetched from a local copy of the site: the cold one from process
 *    start, then a sample of products one after another on the warm instance; the bytes of each
 *    image (target <= 100 KB).
 *
 *   npx tsx bench/share-images.ts <catalogue dir> [--sample=N]
 */
import { spawn, execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { SHARE_CARD_SHARDS_DIR, catalogueShardFile, catalogueShards, toShareCardRow } from '../src/domain/catalogue-shards.ts';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files.ts';
import { productShareFacts, productShareImagePath } from '../src/features/share-images/server/share-cards.ts';
import { SHARE_IMAGE_MAX_BYTES } from '../src/features/share-images/server/share-image.ts';
import { functionsConfig } from './functions.ts';

const root = path.resolve(import.meta.dirname, '..');
const FUNCTION = 'og-product-image';

export interface ShareImageFigures {
  products: number;
  sample: number;
  /** Product images drawn by the build: none. */
  buildImages: number;
  /** Every product's image address and share-cards row, computed and written. */
  buildSeconds: number;
  zippedMb: number;
  /** A fresh instance: process start to the first image. */
  coldFirstRequestMs: number;
  /** Each further product's first request on the warm instance. */
  medianMs: number;
  meanMs: number;
  medianKb: number;
  largestKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** public/ over HTTP, where the function fetches product photos from (the site's CDN in production). */
async function servePublic(): Promise<{ origin: string; close: () => Promise<void> }> {
  const publicDir = path.join(root, 'public');
  const server = createServer((request, response) => {
    const file = path.join(publicDir, decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname));
    if (file.startsWith(publicDir) && existsSync(file)) createReadStream(file).pipe(response.writeHead(200));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs the addresses through the unzipped function in one fresh Node process; ms and bytes per answer. */
function requestInFreshNode(unzipped: string, addresses: string[]): Promise<{ ms: number; bytes: number }[]> {
  const module = path.join(unzipped, 'netlify', 'functions', `${FUNCTION}.mjs`);
  const script = `
    const fn = await import(${JSON.stringify(module)});
    const answers = [];
    for (const address of ${JSON.stringify(addresses)}) {
      const started = answers.length === 0 ? 0 : performance.now();
      const response = await fn.default(new Request(address), { waitUntil() {} });
      if (response.status !== 200 || response.headers.get('content-type') !== 'image/jpeg') throw new Error(address + ' answered ' + response.status + ' ' + await response.text());
      const bytes = (await response.arrayBuffer()).byteLength;
      answers.push({ ms: Math.round(performance.now() - started), bytes });
    }
    console.log(JSON.stringify(answers));
  `;
  return new Promise((resolve, reject) => {
    // Async, not spawnSync: this process serves the photos the child fetches.
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: unzipped, env: { ...process.env, LAMBDA_TASK_ROOT: unzipped } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; bytes: number }[]) : reject(new Error(`the function failed: ${stderr}`))));
  });
}

export async function measureShareImages(catalogueDir: string, sample = 30): Promise<ShareImageFigures> {
  const products = await readCatalogueDirectory(catalogueDir);
  // What the build does for product share images (search-index-integration.ts and the product pages).
  const started = performance.now();
  const rows = products.map((product) => toShareCardRow(productShareFacts(product)));
  const addresses = products.map((product) => productShareImagePath(productShareFacts(product)));
  await rm(path.join(root, SHARE_CARD_SHARDS_DIR), { recursive: true, force: true });
  await mkdir(path.join(root, SHARE_CARD_SHARDS_DIR), { recursive: true });
  await Promise.all([...catalogueShards(rows, ([id]) => id)].map(([shard, members]) => writeFile(path.join(root, catalogueShardFile('share-cards', shard)), `${JSON.stringify(members)}\n`)));
  const buildSeconds = (performance.now() - started) / 1000;

  const out = await mkdtemp(path.join(tmpdir(), 'share-images-'));
  const site = await servePublic();
  try {
    const zipped = await zipFunction(path.join(root, 'netlify', 'functions', `${FUNCTION}.mts`), out, { basePath: root, repositoryRoot: root, config: await functionsConfig() });
    if (!zipped) throw new Error(`zip-it-and-ship-it did not zip ${FUNCTION}`);
    const zippedMb = (await stat(zipped.path)).size / 1024 / 1024;
    const unzipped = path.join(out, 'unzipped');
    execFileSync('unzip', ['-q', zipped.path, '-d', unzipped]);
    const step = Math.max(1, Math.floor(addresses.length / (sample + 1)));
    const chosen = addresses.filter((_, index) => index % step === 0).slice(0, sample + 1);
    const answers = await requestInFreshNode(unzipped, chosen.map((address) => `${site.origin}${address}`));
    const [cold, ...warm] = answers;
    const sizes = answers.map((answer) => answer.bytes);
    return {
      products: products.length,
      sample: warm.length,
      buildImages: 0,
      buildSeconds,
      zippedMb,
      coldFirstRequestMs: cold!.ms,
      medianMs: median(warm.map((answer) => answer.ms)),
      meanMs: warm.reduce((sum, answer) => sum + answer.ms, 0) / warm.length,
      medianKb: median(sizes) / 1024,
      largestKb: Math.max(...sizes) / 1024,
    };
  } finally {
    await site.close();
    await rm(out, { recursive: true, force: true });
  }
}

export function printShareImages(figures: ShareImageFigures): void {
  const over = figures.largestKb * 1024 > SHARE_IMAGE_MAX_BYTES ? ' MISSED' : '';
  const zipOver = figures.zippedMb > 5 ? ' MISSED' : '';
  console.log(
    `         product share images (${figures.products.toLocaleString('en-IN')} products): ${figures.buildImages} drawn at build; addresses and share cards ${figures.buildSeconds.toFixed(1)} s of build; ` +
      `drawn on first request by ${FUNCTION} (${figures.zippedMb.toFixed(2)} MB zipped, target <= 5 MB${zipOver}): ` +
      `cold ${figures.coldFirstRequestMs} ms from process start, then ${figures.medianMs.toFixed(0)} ms median, ${figures.meanMs.toFixed(0)} ms mean over ${figures.sample} products; ` +
      `${figures.medianKb.toFixed(1)} KB median, ${figures.largestKb.toFixed(1)} KB largest (<= 100 KB)${over}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: npx tsx bench/share-images.ts <catalogue dir> [--sample=N]');
    process.exit(1);
  }
  const sample = Number(process.argv.find((arg) => arg.startsWith('--sample='))?.split('=')[1] ?? 30);
  printShareImages(await measureShareImages(path.resolve(dir), sample));
}
