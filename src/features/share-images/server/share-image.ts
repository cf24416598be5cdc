/**
 * The share image (Open Graph, 1200x630 JPEG under 100 KB) of a product, category, condition or
 * offer page: the picture on the left, the page's words on the right. Category, condition and offer
 * images are drawn at build; product images on request by netlify/functions/og-product-image.mts.
 * Text is drawn as outlines from the feature's fonts/ (DejaVu Sans), so the image is the same
 * on every machine whatever fonts it has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create, type Font, type PathCommand } from 'fontkitten';
import sharp, { type OverlayOptions } from 'sharp';
import { functionRoot } from '../../../lib/catalogue-shard-files';
import { SHARE_IMAGE_SIZE } from './share-paths';
import { wrapText } from './wrap-text';

export interface ShareCard {
  /** A short line above the title: the category, "Offer", "Condition". */
  eyebrow: string;
  title: string;
  /** Smaller lines under the title (the pack; an offer's dates). */
  details: string[];
  price?: { selling: string; mrp?: string; off?: string };
  /** The picture's site path (e.g. /images/products/…), or null for none (the brand panel stays plain). */
  picture: string | null;
}

export const SHARE_IMAGE_MAX_BYTES = 100 * 1024;

const COLOURS = { brand: '#065f46', brandMain: '#047857', pale: '#ecfdf5', ink: '#111827', muted: '#4b5563' };
const FONTS = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
/**
 * From the project root as the build runs (the prerender bundle moves this module away from its
 * folder), or the deployed function's root, where netlify.toml's included_files puts the fonts.
 */
export const SHARE_IMAGE_FONT_DIR = 'src/features/share-images/fonts';
const PANEL = { x: 40, y: 55, size: 520 };
const TEXT = { x: 640, width: 520 };

const loaded = new Map<keyof typeof FONTS, Font>();
function font(weight: keyof typeof FONTS): Font {
  let found = loaded.get(weight);
  if (!found) {
    const created = create(readFileSync(path.join(functionRoot(), SHARE_IMAGE_FONT_DIR, FONTS[weight])));
    if ('isCollection' in created && created.isCollection) throw new Error(`${FONTS[weight]} is a font collection`);
    found = created as Font;
    loaded.set(weight, found);
  }
  return found;
}

const round = (value: number) => Math.round(value * 10) / 10;

function textWidth(text: string, weight: keyof typeof FONTS, size: number): number {
  const face = font(weight);
  return (face.glyphsForString(text).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) * size) / face.unitsPerEm;
}

/** SVG path data of one line of text set from x on its baseline. */
function outline(text: string, weight: keyof typeof FONTS, size: number, x: number, baseline: number): string {
  const face = font(weight);
  const scale = size / face.unitsPerEm;
  const letter: Record<PathCommand['command'], string> = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
  let pen = x;
  let d = '';
  for (const glyph of face.glyphsForString(text)) {
    for (const { command, args } of glyph.path.commands) {
      const points: number[] = [];
      for (let index = 0; index < args.length; index += 2) points.push(round(pen + args[index]! * scale), round(baseline - args[index + 1]! * scale));
      d += letter[command] + points.join(' ');
    }
    pen += glyph.advanceWidth * scale;
  }
  return d;
}

/** The words of the card as an SVG the size of the image (the picture is laid over it). */
export function shareCardSvg(card: ShareCard): string {
  const parts: string[] = [];
  const path = (d: string, fill: string) => parts.push(`<path d="${d}" fill="${fill}"/>`);
  let baseline = 120;
  path(outline(wrapText(card.eyebrow.toUpperCase(), (line) => textWidth(line, 'bold', 24), TEXT.width, 1)[0] ?? '', 'bold', 24, TEXT.x, baseline), COLOURS.brandMain);
  baseline += 70;
  for (const line of wrapText(card.title, (text) => textWidth(text, 'bold', 50), TEXT.width, 3)) {
    path(outline(line, 'bold', 50, TEXT.x, baseline), COLOURS.ink);
    baseline += 62;
  }
  baseline += 4;
  for (const detail of card.details) {
    for (const line of wrapText(detail, (text) => textWidth(text, 'regular', 28), TEXT.width, 2)) {
      path(outline(line, 'regular', 28, TEXT.x, baseline), COLOURS.muted);
      baseline += 38;
    }
  }
  if (card.price) {
    path(outline(card.price.selling, 'bold', 68, TEXT.x, 520), COLOURS.brand);
    if (card.price.mrp) {
      const mrpX = TEXT.x + textWidth(card.price.selling, 'bold', 68) + 24;
      const mrp = `MRP ${card.price.mrp}`;
      path(outline(mrp, 'regular', 28, mrpX, 490), COLOURS.muted);
      parts.push(`<rect x="${round(mrpX)}" y="480" width="${round(textWidth(mrp, 'regular', 28))}" height="2.5" fill="${COLOURS.muted}"/>`);
      if (card.price.off) path(outline(card.price.off, 'bold', 28, mrpX, 528), COLOURS.brandMain);
    }
  }
  path(outline('MediKart', 'bold', 30, TEXT.x, 592), COLOURS.brand);
  const { width, height } = SHARE_IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/><rect width="600" height="${height}" fill="${COLOURS.pale}"/>` +
    `<rect y="${height - 10}" width="${width}" height="10" fill="${COLOURS.brand}"/>${parts.join('')}</svg>`
  );
}

/** The card as a JPEG under 100 KB, with the card's picture (its file's bytes): quality steps down for a busy picture until it fits. */
export async function renderShareImage(card: ShareCard, picture: Buffer | null): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  if (picture) {
    const panel = await sharp(picture).resize(PANEL.size, PANEL.size, { fit: 'contain', background: COLOURS.pale }).flatten({ background: COLOURS.pale }).toBuffer();
    layers.push({ input: panel, left: PANEL.x, top: PANEL.y });
  }
  const base = sharp(Buffer.from(shareCardSvg(card))).composite(layers);
  const flat = await base.raw().toBuffer({ resolveWithObject: true });
  for (const quality of [82, 70, 55, 40]) {
    const jpeg = await sharp(flat.data, { raw: flat.info }).jpeg({ quality }).toBuffer();
    if (jpeg.length <= SHARE_IMAGE_MAX_BYTES) return jpeg;
  }
  throw new Error(`The share image of "${card.title}" stays over ${SHARE_IMAGE_MAX_BYTES / 1024} KB even at quality 40.`);
}
