/**
 * The share image (Open Graph, 1200x630 JPEG under 100 KB) of a product, category, condition or
 * offer page: the picture on the left, the page's words on the right. Category, condition and offer
 * images are drawn at build; product images on request by netlify/functions/og-product-image.mts.
 * Text is drawn as outlines from the feature's fonts/ (DejaVu Sans), so the image is the same
 * on every machine whatever fonts it has.
 * Drawn with WebAssembly and JavaScript only (resvg for the card, libwebp's decoder for a WebP photo,
 * jpeg-js for the JPEG), not sharp: sharp's native libvips made the function 12.95 MB zipped at
 * 100,000 products, against a 5 MB target.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create, type Font, type PathCommand } from 'fontkitten';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import jpeg from 'jpeg-js';
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
/**
 * DejaVu Sans cut to the Latin, Greek, punctuation and rupee sign a card's words use (60 KB each
 * rather than 740: they ship in the share-image function), made with
 * `pyftsubset <font> --unicodes="U+0020-007E,U+00A0-024F,U+0370-03FF,U+2010-2027,U+2030-203A,U+20B9,U+2122,U+2212" --no-hinting --layout-features='*'`.
 */
const FONTS = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
/**
 * From the project root as the build runs (the prerender bundle moves this module away from its
 * folder), or the deployed function's root, where netlify.toml's included_files puts the fonts.
 */
export const SHARE_IMAGE_FONT_DIR = 'src/features/share-images/fonts';
/** The decoders' WebAssembly, read from the project (at build) or the function's root (netlify.toml's included_files). */
export const SHARE_IMAGE_WASM = { resvg: 'node_modules/@resvg/resvg-wasm/index_bg.wasm', webp: 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm' } as const;
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

let wasmReady: Promise<void> | undefined;
/** Both WebAssembly modules, compiled once per process. */
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const read = (file: string) => readFileSync(path.join(functionRoot(), file));
    await initWasm(read(SHARE_IMAGE_WASM.resvg));
    await initWebpDecoder(await WebAssembly.compile(read(SHARE_IMAGE_WASM.webp)));
  })();
  return wasmReady;
}

interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

const isWebp = (bytes: Buffer) => bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
const IMAGE_TYPES: [test: (bytes: Buffer) => boolean, type: string][] = [
  [(bytes) => bytes[0] === 0xff && bytes[1] === 0xd8, 'image/jpeg'],
  [(bytes) => bytes.toString('latin1', 1, 4) === 'PNG', 'image/png'],
  [(bytes) => /^\s*(<\?xml|<svg)/.test(bytes.toString('utf8', 0, 100)), 'image/svg+xml'],
];

function hexColour(colour: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)) as [number, number, number];
}

/**
 * A decoded photo laid into the panel, scaled to fit inside it and centred, each panel pixel the
 * average of the photo pixels it covers, its transparency flattened onto the pale background.
 */
function drawContained(canvas: Pixels, photo: Pixels, box: { x: number; y: number; size: number }): void {
  const scale = Math.min(box.size / photo.width, box.size / photo.height);
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  const left = box.x + Math.floor((box.size - width) / 2);
  const top = box.y + Math.floor((box.size - height) / 2);
  const background = hexColour(COLOURS.pale);
  for (let y = 0; y < height; y += 1) {
    const fromY = Math.floor(y / scale);
    const toY = Math.min(photo.height, Math.max(fromY + 1, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x += 1) {
      const fromX = Math.floor(x / scale);
      const toX = Math.min(photo.width, Math.max(fromX + 1, Math.floor((x + 1) / scale)));
      const sum = [0, 0, 0, 0];
      for (let sourceY = fromY; sourceY < toY; sourceY += 1) {
        for (let sourceX = fromX; sourceX < toX; sourceX += 1) {
          const at = (sourceY * photo.width + sourceX) * 4;
          const alpha = photo.data[at + 3]!;
          for (let channel = 0; channel < 3; channel += 1) sum[channel]! += photo.data[at + channel]! * alpha;
          sum[3]! += alpha;
        }
      }
      const count = (toY - fromY) * (toX - fromX);
      const coverage = sum[3]! / (255 * count);
      const out = ((top + y) * canvas.width + left + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        const colour = sum[3]! > 0 ? sum[channel]! / sum[3]! : 0;
        canvas.data[out + channel] = Math.round(colour * coverage + background[channel]! * (1 - coverage));
      }
      canvas.data[out + 3] = 255;
    }
  }
}

/** The card as a JPEG under 100 KB, with the card's picture (its file's bytes): quality steps down for a busy picture until it fits. */
export async function renderShareImage(card: ShareCard, picture: Buffer | null): Promise<Buffer> {
  await loadWasm();
  let svg = shareCardSvg(card);
  // JPEG, PNG and SVG pictures resvg draws itself; a WebP one is decoded here and laid in after.
  const embedded = picture && IMAGE_TYPES.find(([test]) => test(picture))?.[1];
  if (picture && !embedded && !isWebp(picture)) throw new Error(`The picture of "${card.title}" is not a JPEG, PNG, SVG or WebP image.`);
  if (picture && embedded) {
    const image = `<image x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.size}" height="${PANEL.size}" preserveAspectRatio="xMidYMid meet" href="data:${embedded};base64,${picture.toString('base64')}"/>`;
    svg = svg.replace(/<\/svg>$/, `${image}</svg>`);
  }
  const rendered = new Resvg(svg).render();
  const canvas: Pixels = { data: rendered.pixels, width: rendered.width, height: rendered.height };
  rendered.free();
  if (picture && !embedded) {
    const photo = await decodeWebp(new Uint8Array(picture).buffer);
    drawContained(canvas, photo, PANEL);
  }
  for (const quality of [82, 70, 55, 40]) {
    const encoded = Buffer.from(jpeg.encode(canvas, quality).data);
    if (encoded.length <= SHARE_IMAGE_MAX_BYTES) return encoded;
  }
  throw new Error(`The share image of "${card.title}" stays over ${SHARE_IMAGE_MAX_BYTES / 1024} KB even at quality 40.`);
}
