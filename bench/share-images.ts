/**
 * What drawing every product's share image (Open Graph, src/features/share-images) would cost a
 * catalogue's build: a sample of its products drawn one after another as the build draws them
 * (Astro renders one route at a time), the time per image, the bytes (target <= 100 KB each) and
 * the whole catalogue's cost from the sample (set against the build target of <= 300 s at 100,000).
 *
 *   npx tsx bench/share-images.ts <catalogue dir> [--sample=N]
 */
import path from 'node:path';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files.ts';
import { productShareCard } from '../src/features/share-images/share-cards.ts';
import { renderShareImage, SHARE_IMAGE_MAX_BYTES } from '../src/features/share-images/share-image.ts';
import { PRODUCT_SHARE_IMAGES_UP_TO, productShareImagesAtBuild } from '../src/features/share-images/share-paths.ts';

export interface ShareImageFigures {
  products: number;
  sample: number;
  medianMs: number;
  meanMs: number;
  medianKb: number;
  largestKb: number;
  wholeCatalogueSeconds: number;
  drawnAtBuild: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureShareImages(catalogueDir: string, sample = 60): Promise<ShareImageFigures> {
  const products = await readCatalogueDirectory(catalogueDir);
  const step = Math.max(1, Math.floor(products.length / sample));
  const chosen = products.filter((_, index) => index % step === 0).slice(0, sample);
  // The first image loads the fonts and warms sharp: not a per-image cost.
  await renderShareImage(productShareCard(chosen[0]!));
  const times: number[] = [];
  const sizes: number[] = [];
  for (const product of chosen) {
    const started = performance.now();
    sizes.push((await renderShareImage(productShareCard(product))).length);
    times.push(performance.now() - started);
  }
  const meanMs = times.reduce((sum, time) => sum + time, 0) / times.length;
  return {
    products: products.length,
    sample: chosen.length,
    medianMs: median(times),
    meanMs,
    medianKb: median(sizes) / 1024,
    largestKb: Math.max(...sizes) / 1024,
    wholeCatalogueSeconds: (meanMs * products.length) / 1000,
    drawnAtBuild: productShareImagesAtBuild(products.length),
  };
}

export function printShareImages(figures: ShareImageFigures): void {
  const over = figures.largestKb * 1024 > SHARE_IMAGE_MAX_BYTES ? ' MISSED' : '';
  console.log(
    `         share images (${figures.sample} of ${figures.products.toLocaleString('en-IN')} products): ${figures.medianMs.toFixed(0)} ms median, ${figures.meanMs.toFixed(0)} ms mean per image, ` +
      `${figures.medianKb.toFixed(1)} KB median, ${figures.largestKb.toFixed(1)} KB largest (<= 100 KB)${over}; every product: ${figures.wholeCatalogueSeconds.toFixed(0)} s of build, ` +
      (figures.drawnAtBuild ? 'drawn at build' : `not drawn (over ${PRODUCT_SHARE_IMAGES_UP_TO.toLocaleString('en-IN')} products: pages share the product photo)`),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: npx tsx bench/share-images.ts <catalogue dir> [--sample=N]');
    process.exit(1);
  }
  const sample = Number(process.argv.find((arg) => arg.startsWith('--sample='))?.split('=')[1] ?? 60);
  printShareImages(await measureShareImages(path.resolve(dir), sample));
}
