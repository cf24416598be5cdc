import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

/** The artwork, the box its text must stay inside (the badge's border, the logo's canvas) and where it is shown. */
const ARTWORK = [
  { file: 'images/logo.svg', textBox: { left: 34, top: 0, right: 140, bottom: 32 }, shownAs: 'banner' },
  { file: 'images/badges/google-play.svg', textBox: { left: 34, top: 2, right: 133, bottom: 38 }, shownAs: 'badge' },
  { file: 'images/badges/app-store.svg', textBox: { left: 34, top: 2, right: 133, bottom: 38 }, shownAs: 'badge' },
] as const;

for (const { file, textBox } of ARTWORK) {
  test(`${file} draws its words as outlines that fit its box, whatever fonts the machine has`, async ({ page }) => {
    const svg = readFileSync(path.join(PUBLIC, file), 'utf8');
    await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    // No <text>: what a browser draws never depends on an installed font.
    await expect(page.locator('svg text, svg tspan')).toHaveCount(0);
    const boxes = await page.locator('svg > path').evaluateAll((paths) =>
      (paths as SVGPathElement[]).map((shape) => {
        const box = shape.getBBox();
        return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
      }),
    );
    const words = boxes.filter((box) => box.left >= textBox.left);
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) {
      expect(word.right, `${file}: words end inside the box`).toBeLessThanOrEqual(textBox.right);
      expect(word.top).toBeGreaterThanOrEqual(textBox.top);
      expect(word.bottom).toBeLessThanOrEqual(textBox.bottom);
    }
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px the logo and the badges are shown whole, never cropped or squeezed`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const images = {
      logo: page.getByRole('banner').getByRole('img', { name: 'MediKart' }),
      'app-store': page.getByRole('img', { name: 'Download on the App Store (coming soon)' }),
      'google-play': page.getByRole('img', { name: 'Get it on Google Play (coming soon)' }),
    };
    for (const [name, image] of Object.entries(images)) {
      await expect(image).toBeVisible();
      const shown = await image.evaluate((element) => {
        const img = element as HTMLImageElement;
        const box = img.getBoundingClientRect();
        // The nearest ancestor that clips must hold the whole image.
        let clip: Element | null = img.parentElement;
        while (clip && getComputedStyle(clip).overflow === 'visible') clip = clip.parentElement;
        const clipBox = clip?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
        return {
          ratio: box.width / box.height,
          natural: img.naturalWidth / img.naturalHeight,
          loaded: img.complete && img.naturalWidth > 0,
          inside: box.left >= Math.max(0, clipBox.left) - 0.5 && box.right <= Math.min(window.innerWidth, clipBox.right) + 0.5,
        };
      });
      expect(shown.loaded).toBe(true);
      expect(shown.ratio).toBeCloseTo(shown.natural, 2);
      expect(shown.inside).toBe(true);
      // And as drawn: the last letter and the badge's words where the approved picture has them.
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveScreenshot(`${name}-${width}.png`, { maxDiffPixelRatio: 0.01 });
    }
  });
}
