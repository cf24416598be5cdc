/**
 * Draws every storefront image from SVG composed here (no network, no downloaded artwork, only the
 * generic sans-serif font) and writes them under public/. Deterministic: the same catalogue gives
 * byte-identical files, so re-running it only changes what the catalogue changed.
 *
 *   npx tsx scripts/generate-images.ts [--vectors-only]
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files';
import type { Product } from '../src/domain/product';
import { formatRupees } from '../src/domain/money';
import { outlineText } from './text-outline';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const PRODUCT_IMAGES = '/images/products/';

const THUMB = { width: 200, height: 240 };
const ORIGINAL = { width: 690, height: 700 };
/** Pack drawings are made in this frame and scaled into each image. */
const FRAME = { width: 300, height: 360 };

const BRAND = { dark: '#065f46', main: '#047857', light: '#d1fae5', pale: '#ecfdf5' };
const FONT = 'font-family="sans-serif"';

/** Pack colour per therapeutic class, so a shelf of packs reads by class at a glance. */
const CLASS_COLOURS: Record<string, string> = {
  'GASTRO INTESTINAL': '#c2410c',
  DERMA: '#be185d',
  CARDIAC: '#b91c1c',
  RESPIRATORY: '#0369a1',
  UROLOGY: '#6d28d9',
  'ANTI INFECTIVES': '#047857',
  OPHTHAL: '#1d4ed8',
};
const FALLBACK_COLOURS = ['#0f766e', '#7e22ce', '#a16207', '#4338ca'];

function classColour(therapeuticClass: string): string {
  const known = CLASS_COLOURS[therapeuticClass];
  if (known) return known;
  let hash = 0;
  for (const char of therapeuticClass) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FALLBACK_COLOURS[hash % FALLBACK_COLOURS.length]!;
}

/** Mixes a hex colour with white; amount 0 keeps the colour, 1 gives white. */
function tint(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((channel) => Math.round(channel + (255 - channel) * amount).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Mixes a hex colour with black; amount 0 keeps the colour, 1 gives black. */
function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `#${channels.map((channel) => Math.round(channel * (1 - amount)).toString(16).padStart(2, '0')).join('')}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Average glyph width of bold sans-serif, as a share of the font size; errs wide so text stays inside. */
const GLYPH_WIDTH = 0.62;

/** Greedy word wrap by an average glyph width; good enough for short pack labels. */
function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const maxChars = Math.max(4, Math.floor(maxWidth / (fontSize * GLYPH_WIDTH)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1)}…`;
    return kept;
  }
  return lines;
}

interface TextOptions {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  lineHeight?: number;
}

function textLines(lines: string[], options: TextOptions): string {
  const { x, y, size, fill, weight = 400, anchor = 'middle', lineHeight = 1.2 } = options;
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * size * lineHeight}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/**
 * A product name on a pack: the font shrinks until its longest word fits the label's width, but not
 * below 70% of the design size; a word still too long is hyphenated across lines.
 */
function nameText(name: string, maxWidth: number, maxLines: number, options: TextOptions): string {
  const longestWord = Math.max(...name.split(/\s+/).map((word) => word.length));
  const fitting = Math.floor((maxWidth / (longestWord * GLYPH_WIDTH)) * 10) / 10;
  const size = Math.max(Math.min(options.size, fitting), Math.round(options.size * 0.7));
  const perLine = Math.max(4, Math.floor(maxWidth / (size * GLYPH_WIDTH)));
  const words = name
    .split(/\s+/)
    .flatMap((word) => (word.length <= perLine ? [word] : (word.match(new RegExp(`.{1,${perLine - 1}}`, 'g')) ?? []).map((part, index, parts) => (index < parts.length - 1 ? `${part}-` : part))));
  return textLines(wrap(words.join(' '), size, maxWidth, maxLines), { ...options, size });
}

function svgDocument(width: number, height: number, body: string, viewBox = `0 0 ${width} ${height}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

/** What a pack drawing needs to know about the product on it. */
interface PackLabel {
  name: string;
  form: string;
  colour: string;
  detail: string[];
}

// ---------- Packs, each drawn in the 300x360 FRAME ----------

function pillShape(form: string, cx: number, cy: number, colour: string): string {
  const lower = form.toLowerCase();
  if (lower.includes('gum')) {
    return `<rect x="${cx - 22}" y="${cy - 14}" width="44" height="28" rx="7" fill="#ffffff" stroke="${tint(colour, 0.5)}" stroke-width="2"/>`;
  }
  if (lower.includes('cr')) {
    return `<ellipse cx="${cx}" cy="${cy}" rx="26" ry="13" fill="${tint(colour, 0.85)}" stroke="${tint(colour, 0.4)}" stroke-width="2"/><line x1="${cx - 12}" y1="${cy}" x2="${cx + 12}" y2="${cy}" stroke="${tint(colour, 0.5)}" stroke-width="2"/>`;
  }
  return `<circle cx="${cx}" cy="${cy}" r="17" fill="#ffffff" stroke="${tint(colour, 0.5)}" stroke-width="2"/><line x1="${cx - 9}" y1="${cy}" x2="${cx + 9}" y2="${cy}" stroke="${tint(colour, 0.6)}" stroke-width="2"/>`;
}

function stripFront(label: PackLabel): string {
  const bubbles: string[] = [];
  for (let row = 0; row < 5; row += 1) {
    for (let column = 0; column < 2; column += 1) {
      const cx = 110 + column * 80;
      const cy = 150 + row * 40;
      bubbles.push(`<ellipse cx="${cx}" cy="${cy + 2}" rx="32" ry="19" fill="#94a3b8" opacity="0.35"/>`);
      bubbles.push(pillShape(label.form, cx, cy, label.colour));
    }
  }
  return `<defs><linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f5f9"/><stop offset="0.5" stop-color="#cbd5e1"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient></defs>
<rect x="44" y="14" width="220" height="340" rx="14" fill="#0f172a" opacity="0.12"/>
<rect x="40" y="8" width="220" height="340" rx="14" fill="url(#foil)" stroke="#94a3b8" stroke-width="2"/>
<path d="M40 22a14 14 0 0 1 14-14h192a14 14 0 0 1 14 14v96H40z" fill="${label.colour}"/>
${nameText(label.name, 190, 3, { x: 150, y: 42, size: 19, fill: '#ffffff', weight: 700 })}
${textLines([label.form], { x: 150, y: 108, size: 14, fill: tint(label.colour, 0.8) })}
${bubbles.join('')}`;
}

function stripBack(label: PackLabel): string {
  const perforations = [1, 2, 3, 4]
    .map((row) => `<line x1="44" y1="${130 + row * 40}" x2="256" y2="${130 + row * 40}" stroke="#94a3b8" stroke-width="1.5" stroke-dasharray="5 4"/>`)
    .join('');
  const detail = label.detail.flatMap((line) => wrap(line, 12, 196, 2)).slice(0, 9);
  return `<rect x="44" y="14" width="220" height="340" rx="14" fill="#0f172a" opacity="0.12"/>
<rect x="40" y="8" width="220" height="340" rx="14" fill="#e2e8f0" stroke="#94a3b8" stroke-width="2"/>
<rect x="40" y="8" width="220" height="12" rx="6" fill="${label.colour}"/>
${perforations}
${nameText(label.name, 190, 2, { x: 150, y: 48, size: 15, fill: label.colour, weight: 700 })}
${textLines(detail, { x: 56, y: 112, size: 12, fill: '#334155', anchor: 'start', lineHeight: 1.45 })}
<rect x="56" y="300" width="188" height="30" rx="4" fill="#ffffff"/>
${Array.from({ length: 23 }, (_, index) => `<rect x="${64 + index * 8}" y="304" width="${index % 3 === 0 ? 4 : 2}" height="22" fill="#0f172a"/>`).join('')}`;
}

function bottleCap(form: string, colour: string): string {
  const lower = form.toLowerCase();
  if (lower.includes('serum')) {
    return `<rect x="128" y="40" width="44" height="46" rx="8" fill="#1f2937"/><path d="M136 40q14-42 28 0z" fill="#374151"/><rect x="124" y="80" width="52" height="14" rx="3" fill="#111827"/>`;
  }
  if (lower.includes('eye')) {
    return `<path d="M134 118 L150 36 L166 118z" fill="${colour}"/><rect x="126" y="112" width="48" height="22" rx="4" fill="${colour}"/>`;
  }
  if (lower.includes('powder')) {
    const holes = [-16, 0, 16].map((dx) => `<circle cx="${150 + dx}" cy="58" r="3.5" fill="${tint(colour, 0.7)}"/>`).join('');
    return `<rect x="104" y="46" width="92" height="44" rx="10" fill="${colour}"/>${holes}`;
  }
  const ribs = Array.from({ length: 9 }, (_, index) => `<line x1="${116 + index * 8.5}" y1="52" x2="${116 + index * 8.5}" y2="90" stroke="${tint(colour, 0.25)}" stroke-width="2"/>`).join('');
  return `<rect x="110" y="46" width="80" height="48" rx="6" fill="${colour}"/>${ribs}`;
}

function bottleBody(form: string): { x: number; y: number; width: number; height: number } {
  const lower = form.toLowerCase();
  if (lower.includes('eye')) return { x: 104, y: 130, width: 92, height: 200 };
  if (lower.includes('serum')) return { x: 98, y: 100, width: 104, height: 230 };
  return { x: 78, y: 96, width: 144, height: 238 };
}

function bottle(label: PackLabel, face: 'front' | 'back'): string {
  const body = bottleBody(label.form);
  const glass = label.form.toLowerCase().includes('serum') ? '#b45309' : label.form.toLowerCase().includes('eye') ? '#f8fafc' : '#ffffff';
  const labelTop = body.y + 40;
  const labelHeight = body.height - 70;
  const inner = body.width - 16;
  const lines =
    face === 'front'
      ? `<rect x="${body.x + 8}" y="${labelTop}" width="${inner}" height="26" fill="${label.colour}"/>
${nameText(label.name, inner - 8, 5, { x: 150, y: labelTop + 48, size: 15, fill: '#0f172a', weight: 700 })}
${textLines([label.form], { x: 150, y: labelTop + labelHeight - 12, size: 12, fill: label.colour, weight: 700 })}`
      : textLines(
          label.detail.flatMap((line) => wrap(line, 10, inner - 10, 2)).slice(0, Math.floor((labelHeight - 16) / 14)),
          { x: body.x + 14, y: labelTop + 18, size: 10, fill: '#334155', anchor: 'start', lineHeight: 1.4 },
        );
  return `<ellipse cx="150" cy="${body.y + body.height + 6}" rx="${body.width / 1.6}" ry="10" fill="#0f172a" opacity="0.12"/>
<rect x="${body.x}" y="${body.y}" width="${body.width}" height="${body.height}" rx="22" fill="${glass}" stroke="${tint(label.colour, 0.4)}" stroke-width="2"/>
<rect x="${body.x + 10}" y="${body.y + 12}" width="10" height="${body.height - 40}" rx="5" fill="#ffffff" opacity="0.5"/>
${bottleCap(label.form, label.colour)}
<rect x="${body.x + 8}" y="${labelTop}" width="${inner}" height="${labelHeight}" rx="4" fill="#ffffff" stroke="${tint(label.colour, 0.6)}" stroke-width="1.5"/>
${lines}`;
}

function tube(label: PackLabel, face: 'front' | 'back'): string {
  const crimp = Array.from({ length: 10 }, (_, index) => `<line x1="${78 + index * 16}" y1="22" x2="${78 + index * 16}" y2="44" stroke="${tint(label.colour, 0.55)}" stroke-width="2"/>`).join('');
  const content =
    face === 'front'
      ? `<rect x="78" y="64" width="144" height="34" fill="${label.colour}"/>
${nameText(label.name, 140, 5, { x: 150, y: 128, size: 17, fill: '#0f172a', weight: 700 })}
${textLines([label.form], { x: 150, y: 250, size: 13, fill: label.colour, weight: 700 })}`
      : textLines(label.detail.flatMap((line) => wrap(line, 10, 130, 2)).slice(0, 13), {
          x: 90,
          y: 76,
          size: 10,
          fill: '#334155',
          anchor: 'start',
          lineHeight: 1.4,
        });
  return `<path d="M74 44 L226 44 L212 270 Q150 290 88 270 Z" fill="#0f172a" opacity="0.1" transform="translate(5 6)"/>
<rect x="70" y="18" width="160" height="30" rx="3" fill="${tint(label.colour, 0.85)}" stroke="${tint(label.colour, 0.5)}" stroke-width="2"/>
${crimp}
<path d="M72 48 L228 48 L212 272 Q150 290 88 272 Z" fill="#ffffff" stroke="${tint(label.colour, 0.4)}" stroke-width="2"/>
<path d="M118 282 h64 v20 h-64z" fill="${tint(label.colour, 0.7)}"/>
<rect x="110" y="298" width="80" height="48" rx="8" fill="${label.colour}"/>
${content}`;
}

/** A carton box drawn in the FRAME; the pack stands in front of it in gallery image 3. */
function carton(label: PackLabel): string {
  return `<path d="M40 70 L70 40 L270 40 L240 70 Z" fill="${tint(label.colour, 0.35)}"/>
<path d="M240 70 L270 40 L270 330 L240 356 Z" fill="${shade(label.colour, 0.3)}"/>
<rect x="40" y="70" width="200" height="286" fill="${label.colour}"/>
<rect x="52" y="86" width="176" height="150" rx="6" fill="#ffffff" opacity="0.95"/>
${nameText(label.name, 164, 4, { x: 140, y: 116, size: 18, fill: '#0f172a', weight: 700 })}
${textLines([label.form], { x: 140, y: 226, size: 13, fill: label.colour, weight: 700 })}
<rect x="52" y="250" width="176" height="4" fill="#ffffff" opacity="0.6"/>
${textLines(label.detail.slice(0, 2).flatMap((line) => wrap(line, 11, 170, 2)).slice(0, 4), { x: 140, y: 276, size: 11, fill: '#ffffff', lineHeight: 1.35 })}`;
}

function packDrawing(product: Product, label: PackLabel, face: 'front' | 'back'): string {
  if (product.package === 'Bottle') return bottle(label, face);
  if (product.package === 'Tube') return tube(label, face);
  return face === 'front' ? stripFront(label) : stripBack(label);
}

function placed(drawing: string, x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>`;
}

function backdrop(width: number, height: number, colour: string): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(colour, 0.94)}"/><stop offset="1" stop-color="${tint(colour, 0.82)}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

function labelFor(product: Product): PackLabel {
  return {
    name: product.name,
    form: product.drug_form,
    colour: classColour(product.therapeutic_class),
    detail: [
      `Composition: ${product.salt}`,
      `Pack: ${product.quantity}`,
      `Mfd. by ${product.brand}`,
      product.storage,
      `MRP ${formatRupees(product.mrp_paise)} incl. of all taxes`,
      product.requires_prescription ? 'Schedule H prescription drug' : 'Read the leaflet before use',
    ],
  };
}

function productThumb(product: Product): string {
  const label = labelFor(product);
  const scale = 0.62;
  const x = (THUMB.width - FRAME.width * scale) / 2;
  return svgDocument(THUMB.width, THUMB.height, backdrop(THUMB.width, THUMB.height, label.colour) + placed(packDrawing(product, label, 'front'), x, 8, scale));
}

function productOriginal(product: Product, index: number): string {
  const label = labelFor(product);
  const background = backdrop(ORIGINAL.width, ORIGINAL.height, label.colour);
  const floor = `<ellipse cx="345" cy="668" rx="260" ry="18" fill="#0f172a" opacity="0.06"/>`;
  if (index === 2) {
    return svgDocument(
      ORIGINAL.width,
      ORIGINAL.height,
      background + floor + placed(carton(label), 40, 60, 1.55) + placed(packDrawing(product, label, 'front'), 330, 200, 1.25),
    );
  }
  const scale = 1.8;
  const x = (ORIGINAL.width - FRAME.width * scale) / 2;
  return svgDocument(ORIGINAL.width, ORIGINAL.height, background + floor + placed(packDrawing(product, label, index === 0 ? 'front' : 'back'), x, 20, scale));
}

// ---------- Placeholder and stock illustrations ----------

function placeholder(width: number, height: number): string {
  const scale = Math.min(width / FRAME.width, height / FRAME.height) * 0.7;
  const x = (width - FRAME.width * scale) / 2;
  const y = (height - FRAME.height * scale) / 2;
  const mark = `<rect x="60" y="70" width="180" height="220" rx="18" fill="#f8fafc" stroke="#cbd5e1" stroke-width="6" stroke-dasharray="14 10"/>
<rect x="126" y="126" width="48" height="108" rx="10" fill="#cbd5e1"/><rect x="96" y="156" width="108" height="48" rx="10" fill="#cbd5e1"/>`;
  return svgDocument(width, height, `<rect width="${width}" height="${height}" fill="#f1f5f9"/>${placed(mark, x, y, scale)}`);
}

function capsule(cx: number, cy: number, length: number, angle: number, left: string, right: string): string {
  const radius = length / 4.4;
  return `<g transform="translate(${cx} ${cy}) rotate(${angle})"><path d="M0 ${-radius} h${length / 2 - radius} a${radius} ${radius} 0 0 1 0 ${radius * 2} h${-(length / 2 - radius)}z" fill="${right}"/><path d="M0 ${-radius} h${-(length / 2 - radius)} a${radius} ${radius} 0 0 0 0 ${radius * 2} h${length / 2 - radius}z" fill="${left}"/><rect x="${-length / 2 + radius * 0.6}" y="${-radius * 0.6}" width="${length * 0.3}" height="${radius * 0.35}" rx="${radius * 0.17}" fill="#ffffff" opacity="0.5"/></g>`;
}

function tablet(cx: number, cy: number, radius: number, colour: string): string {
  return `<circle cx="${cx}" cy="${cy + radius * 0.12}" r="${radius}" fill="${colour}" opacity="0.25"/><circle cx="${cx}" cy="${cy}" r="${radius}" fill="#ffffff" stroke="${colour}" stroke-width="${radius * 0.14}"/><line x1="${cx - radius * 0.55}" y1="${cy}" x2="${cx + radius * 0.55}" y2="${cy}" stroke="${colour}" stroke-width="${radius * 0.12}"/>`;
}

function genericLabel(name: string, form: string, colour: string): PackLabel {
  return { name, form, colour, detail: [] };
}

const STOCK_PALETTES = ['#0f766e', '#be185d', '#1d4ed8', '#c2410c', '#6d28d9', '#047857', '#b91c1c', '#0369a1'];

/** Eight friendly, brand-free medicine illustrations for products without any picture. */
function stockImage(index: number): string {
  const colour = STOCK_PALETTES[index]!;
  const { width, height } = THUMB;
  const background = `<rect width="${width}" height="${height}" fill="${tint(colour, 0.9)}"/><circle cx="100" cy="120" r="78" fill="${tint(colour, 0.78)}"/>`;
  const drawings = [
    () => capsule(100, 120, 120, -35, colour, '#ffffff') + capsule(60, 190, 60, 20, tint(colour, 0.4), '#ffffff') + capsule(150, 60, 50, 60, '#f59e0b', '#ffffff'),
    () => [tablet(70, 100, 24, colour), tablet(128, 92, 28, colour), tablet(96, 150, 30, colour), tablet(148, 158, 20, colour), tablet(58, 170, 16, colour)].join(''),
    () => placed(bottle(genericLabel('Syrup', 'Liquid', colour), 'front'), 40, 16, 0.5) + `<path d="M120 200 q30 -6 52 -30" stroke="${tint(colour, 0.3)}" stroke-width="8" stroke-linecap="round" fill="none"/><ellipse cx="172" cy="166" rx="18" ry="11" fill="${tint(colour, 0.3)}"/>`,
    () => placed(stripFront(genericLabel('Tablets', 'Tablet', colour)), 28, 18, 0.58),
    () => placed(tube(genericLabel('Cream', 'Cream', colour), 'front'), 14, 18, 0.58),
    () => `<rect x="38" y="72" width="124" height="104" rx="14" fill="${colour}"/><rect x="76" y="54" width="48" height="24" rx="8" fill="none" stroke="${colour}" stroke-width="8"/><rect x="90" y="96" width="20" height="60" rx="4" fill="#ffffff"/><rect x="70" y="116" width="60" height="20" rx="4" fill="#ffffff"/>`,
    () => placed(bottle(genericLabel('Capsules', 'Capsule', colour), 'front'), 26, 10, 0.5) + capsule(150, 196, 44, 25, colour, '#ffffff') + capsule(176, 170, 40, -40, '#f59e0b', '#ffffff'),
    () => `<path d="M100 190 C40 150 30 110 52 86 C72 64 94 74 100 92 C106 74 128 64 148 86 C170 110 160 150 100 190Z" fill="${colour}"/><rect x="92" y="102" width="16" height="48" rx="3" fill="#ffffff"/><rect x="76" y="118" width="48" height="16" rx="3" fill="#ffffff"/>`,
  ];
  return svgDocument(width, height, background + drawings[index]!());
}

// ---------- Landing page ----------

/** The landing scene, drawn on a 1280x853 canvas; the mobile asset is a 4:3 crop of it. */
function heroScene(): string {
  const person = (x: number, skin: string, shirt: string, hair: string) =>
    `<g transform="translate(${x} 0)"><rect x="-62" y="470" width="124" height="250" rx="54" fill="${shirt}"/><rect x="-44" y="690" width="36" height="120" rx="14" fill="#1e293b"/><rect x="8" y="690" width="36" height="120" rx="14" fill="#1e293b"/><rect x="-14" y="430" width="28" height="50" fill="${skin}"/><circle cx="0" cy="392" r="58" fill="${skin}"/><path d="M-60 384 Q-56 318 0 320 Q60 318 60 384 Q40 352 0 352 Q-40 352 -60 384Z" fill="${hair}"/><circle cx="-20" cy="396" r="5" fill="#1e293b"/><circle cx="20" cy="396" r="5" fill="#1e293b"/><path d="M-16 420 Q0 434 16 420" stroke="#1e293b" stroke-width="4" fill="none" stroke-linecap="round"/></g>`;
  const leaves = [0, 1, 2, 3, 4].map((index) => `<ellipse cx="${150 + (index - 2) * 22}" cy="${600 - Math.abs(index - 2) * 20}" rx="16" ry="54" transform="rotate(${(index - 2) * 18} ${150 + (index - 2) * 22} 660)" fill="#15803d"/>`).join('');
  const skyline = [
    [0, 420, 80],
    [90, 340, 70],
    [170, 460, 60],
    [240, 300, 90],
    [340, 400, 70],
    [420, 250, 60],
    [490, 380, 90],
    [590, 320, 70],
    [670, 430, 80],
  ]
    .map(([x, top, width]) => `<rect x="${x}" y="${top}" width="${width}" height="${780 - top!}" fill="${tint(BRAND.main, 0.78)}"/>`)
    .join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRAND.pale}"/><stop offset="1" stop-color="${BRAND.light}"/></linearGradient></defs>
<rect width="1280" height="853" fill="url(#sky)"/>
<circle cx="1120" cy="150" r="70" fill="#fde68a"/>
${skyline}
<rect x="0" y="780" width="1280" height="73" fill="${tint(BRAND.dark, 0.75)}"/>
<rect x="760" y="190" width="460" height="600" fill="#fef3c7"/>
<rect x="740" y="170" width="500" height="36" rx="6" fill="#92400e"/>
<rect x="860" y="300" width="220" height="480" rx="6" fill="#b45309"/>
<rect x="884" y="324" width="172" height="200" rx="4" fill="#92400e"/><rect x="884" y="548" width="172" height="200" rx="4" fill="#92400e"/>
<circle cx="1046" cy="550" r="9" fill="#fcd34d"/>
<rect x="1110" y="280" width="90" height="130" rx="4" fill="#bae6fd" stroke="#92400e" stroke-width="8"/>
<path d="M100 680 h100 l-14 110 h-72z" fill="#b45309"/>${leaves}
${person(430, '#a16207', '#ffffff', '#1f2937')}
<rect x="406" y="520" width="48" height="14" rx="3" fill="${BRAND.main}"/><rect x="423" y="503" width="14" height="48" rx="3" fill="${BRAND.main}"/>
${person(760, '#d6a77a', '#f59e0b', '#111827')}
<path d="M480 560 Q540 590 560 600" stroke="#a16207" stroke-width="26" stroke-linecap="round" fill="none"/>
<path d="M710 560 Q660 590 640 600" stroke="#d6a77a" stroke-width="26" stroke-linecap="round" fill="none"/>
<rect x="540" y="540" width="120" height="100" rx="10" fill="#ffffff" stroke="${BRAND.main}" stroke-width="6"/>
<path d="M540 572 h120" stroke="${BRAND.main}" stroke-width="4"/>
<rect x="590" y="584" width="20" height="46" rx="3" fill="${BRAND.main}"/><rect x="577" y="597" width="46" height="20" rx="3" fill="${BRAND.main}"/>
${capsule(240, 220, 110, -30, BRAND.main, '#ffffff')}${capsule(600, 160, 80, 25, '#f59e0b', '#ffffff')}`;
}

function heroImage(width: number, height: number, viewBox: string): string {
  return svgDocument(width, height, heroScene(), viewBox);
}

/** A drawn /products page; `top` leaves room for a phone's status bar. */
function storefrontScreen(width: number, height: number, top: number, columns: number, products: Product[]): string {
  const header = `<rect width="${width}" height="56" fill="#ffffff"/><rect y="56" width="${width}" height="1" fill="#e2e8f0"/>
<rect x="16" y="16" width="24" height="24" rx="6" fill="${BRAND.main}"/><rect x="25" y="20" width="6" height="16" rx="1.5" fill="#ffffff"/><rect x="20" y="25" width="16" height="6" rx="1.5" fill="#ffffff"/>
${textLines(['MediKart'], { x: 48, y: 34, size: 17, fill: BRAND.dark, weight: 700, anchor: 'start' })}
${textLines(['Our Products'], { x: 16, y: 90, size: 20, fill: '#0f172a', weight: 700, anchor: 'start' })}
<rect x="16" y="104" width="${width - 32}" height="34" rx="8" fill="#ffffff" stroke="#cbd5e1"/>
${textLines(['Search medicines...'], { x: 28, y: 126, size: 12, fill: '#94a3b8', anchor: 'start' })}`;
  const gap = 12;
  const cardWidth = (width - 32 - gap * (columns - 1)) / columns;
  const cardHeight = cardWidth * 1.25;
  const cards = products
    .map((product, index) => {
      const x = 16 + (index % columns) * (cardWidth + gap);
      const y = 152 + Math.floor(index / columns) * (cardHeight + gap);
      if (y > height) return '';
      const label = labelFor(product);
      const imageHeight = cardHeight * 0.55;
      const scale = (imageHeight - 8) / FRAME.height;
      const name = wrap(product.name, 11, cardWidth - 16, 2);
      return `<rect x="${x}" y="${y}" width="${cardWidth}" height="${cardHeight}" rx="10" fill="#ffffff" stroke="#e2e8f0"/>
<rect x="${x}" y="${y}" width="${cardWidth}" height="${imageHeight}" rx="10" fill="${tint(label.colour, 0.9)}"/>
${placed(packDrawing(product, label, 'front'), x + (cardWidth - FRAME.width * scale) / 2, y + 4, scale)}
${textLines(name, { x: x + 8, y: y + imageHeight + 18, size: 11, fill: '#0f172a', weight: 700, anchor: 'start' })}
${textLines([`MRP ${formatRupees(product.mrp_paise)}`], { x: x + 8, y: y + cardHeight - 12, size: 11, fill: BRAND.dark, weight: 700, anchor: 'start' })}`;
    })
    .join('');
  return `<rect width="${width}" height="${height}" fill="#f8fafc"/><g transform="translate(0 ${top})">${header}${cards}</g>`;
}

function deviceImage(kind: 'phone' | 'tablet', products: Product[]): string {
  const width = kind === 'phone' ? 360 : 600;
  const height = kind === 'phone' ? 720 : 800;
  const bezel = kind === 'phone' ? 16 : 26;
  const screenWidth = width - bezel * 2;
  const screenHeight = height - bezel * 2;
  return svgDocument(
    width,
    height,
    `<rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="${kind === 'phone' ? 44 : 36}" fill="#111827"/>
<svg x="${bezel}" y="${bezel}" width="${screenWidth}" height="${screenHeight}" viewBox="0 0 ${screenWidth} ${screenHeight}"><rect width="${screenWidth}" height="${screenHeight}" rx="${kind === 'phone' ? 30 : 16}" fill="#f8fafc"/>${storefrontScreen(screenWidth, screenHeight, kind === 'phone' ? 30 : 0, kind === 'phone' ? 2 : 3, products)}</svg>
${kind === 'phone' ? `<rect x="${width / 2 - 40}" y="${bezel + 6}" width="80" height="18" rx="9" fill="#111827"/>` : ''}`,
  );
}

// ---------- Vector assets ----------

/** The MediKart mark: a green rounded square carrying a white cross and a small capsule. */
function markShapes(size: number): string {
  const unit = size / 32;
  return `<rect width="${32 * unit}" height="${32 * unit}" rx="${8 * unit}" fill="${BRAND.main}"/><rect x="${13 * unit}" y="${6 * unit}" width="${6 * unit}" height="${20 * unit}" rx="${1.5 * unit}" fill="#ffffff"/><rect x="${6 * unit}" y="${13 * unit}" width="${20 * unit}" height="${6 * unit}" rx="${1.5 * unit}" fill="#ffffff"/><g transform="translate(${24 * unit} ${24 * unit}) rotate(-45)"><rect x="${-5 * unit}" y="${-2.2 * unit}" width="${10 * unit}" height="${4.4 * unit}" rx="${2.2 * unit}" fill="#fbbf24" stroke="${BRAND.main}" stroke-width="${unit}"/></g>`;
}

const VECTOR_ASSETS: Record<string, string> = {
  'images/logo.svg': logo(),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">${markShapes(32)}</svg>\n`,
  'images/badges/app-store.svg': storeBadge('Download on the', 'App Store', `<rect x="13" y="8" width="15" height="24" rx="3" fill="none" stroke="#ffffff" stroke-width="2"/><path d="M20.5 13v10m-4-4l4 4 4-4" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`),
  'images/badges/google-play.svg': storeBadge('GET IT ON', 'Google Play', `<path d="M11 12h19l-2 18H13z" fill="none" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"/><path d="M16 12a4.5 4.5 0 0 1 9 0" fill="none" stroke="#ffffff" stroke-width="2"/><path d="M18 17.5v8l6-4z" fill="#ffffff"/>`),
  'images/trust/secure-payment.svg': trustIcon(`<rect x="10" y="16" width="28" height="20" rx="3" fill="#ffffff"/><rect x="10" y="20" width="28" height="4" fill="${BRAND.dark}"/><path d="M30 30v-3a4 4 0 0 1 8 0v3" fill="none" stroke="#fbbf24" stroke-width="2.5"/><rect x="27.5" y="30" width="13" height="10" rx="2" fill="#fbbf24"/>`),
  'images/trust/trusted-pharmacies.svg': trustIcon(`<path d="M11 20h26v17H11z" fill="#ffffff"/><path d="M9 14h30l-2 6H11z" fill="#fbbf24"/><rect x="21" y="23" width="6" height="12" rx="1" fill="${BRAND.main}"/><rect x="18" y="26" width="12" height="6" rx="1" fill="${BRAND.main}"/>`),
  'images/trust/genuine-products.svg': trustIcon(`<path d="M24 9l4 3 5-.5 1.5 4.8 4.3 2.6-1.4 4.8 1.4 4.8-4.3 2.6L33 35.9l-5-.5-4 3-4-3-5 .5-1.5-4.8-4.3-2.6 1.4-4.8-1.4-4.8 4.3-2.6L15 11.5l5 .5z" fill="#ffffff"/><path d="M18 24l4.5 4.5L31 20" fill="none" stroke="${BRAND.main}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`),
};

/** The wordmark and badge texts are outlines, not <text>: no installed font can clip or overflow them. */
function logo(): string {
  const [medi, kart] = outlineText(['Medi', 'Kart'], { font: 'bold', size: 20, x: 40, baseline: 23, maxWidth: 98 }).runs;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="32" viewBox="0 0 140 32" role="img" aria-label="MediKart"><title>MediKart</title>${markShapes(32)}<path fill="${BRAND.dark}" d="${medi}"/><path fill="${BRAND.main}" d="${kart}"/></svg>\n`;
}

function storeBadge(smallText: string, largeText: string, icon: string): string {
  const [small] = outlineText([smallText], { font: 'regular', size: 8.5, x: 38, baseline: 16, maxWidth: 90 }).runs;
  const [large] = outlineText([largeText], { font: 'bold', size: 15, x: 38, baseline: 31, maxWidth: 90 }).runs;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="135" height="40" viewBox="0 0 135 40" role="img" aria-label="${smallText} ${largeText}"><title>${smallText} ${largeText}</title><rect x="0.5" y="0.5" width="134" height="39" rx="6" fill="#000000" stroke="#a6a6a6"/>${icon}<path fill="#ffffff" d="${small}"/><path fill="#ffffff" d="${large}"/></svg>\n`;
}

function trustIcon(symbol: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" aria-hidden="true"><circle cx="24" cy="24" r="24" fill="${BRAND.main}"/>${symbol}</svg>\n`;
}

// ---------- Writing ----------

async function writeWebp(relativePath: string, svg: string, size: { width: number; height: number }): Promise<number> {
  const file = path.join(PUBLIC, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  const data = await sharp(Buffer.from(svg)).resize(size.width, size.height).webp({ quality: 75, effort: 6 }).toBuffer();
  await writeFile(file, data);
  return data.length;
}

function publicPathOf(url: string): string {
  return url.replace(/^\//, '');
}

async function main(): Promise<void> {
  // --vectors-only: just the SVG logo, favicon, badges and icons (no catalogue, no raster images).
  if (process.argv.includes('--vectors-only')) {
    const sizes: [string, number][] = [];
    await writeVectorAssets(sizes);
    report(sizes);
    return;
  }
  const products = await readCatalogueDirectory(path.join(ROOT, 'content/catalogue'));
  const sizes: [string, number][] = [];
  const record = async (relativePath: string, svg: string, size: { width: number; height: number }) => {
    sizes.push([relativePath, await writeWebp(relativePath, svg, size)]);
  };

  // Old products' folders go, so the folder always matches the catalogue.
  await rm(path.join(PUBLIC, PRODUCT_IMAGES), { recursive: true, force: true });
  for (const product of products) {
    const ownImages = product.images.filter((image) => image.startsWith(PRODUCT_IMAGES));
    if (ownImages.length === 0) continue;
    await record(`images/products/${product.slug}/thumb-200x240.webp`, productThumb(product), THUMB);
    for (const [index, image] of ownImages.entries()) {
      await record(publicPathOf(image), productOriginal(product, index), ORIGINAL);
    }
  }

  await record('images/placeholder/product-default.webp', placeholder(THUMB.width, THUMB.height), THUMB);
  await record('images/placeholder/product-default-690x700.webp', placeholder(ORIGINAL.width, ORIGINAL.height), ORIGINAL);
  for (let index = 0; index < STOCK_PALETTES.length; index += 1) {
    await record(`images/stock/stock-${index + 1}.webp`, stockImage(index), THUMB);
  }

  for (const width of [1280, 1920]) {
    const height = Math.round((width * 853) / 1280);
    await record(`images/landing/hero-web-${width}.webp`, heroImage(width, height, '0 0 1280 853'), { width, height });
  }
  for (const width of [480, 750]) {
    const height = Math.round((width * 3) / 4);
    await record(`images/landing/hero-mobile-${width}.webp`, heroImage(width, height, '240 0 1040 780'), { width, height });
  }
  const showcase = products.filter((product) => product.sale_state === 'ADD TO CART');
  await record('images/landing/device-phone.webp', deviceImage('phone', showcase), { width: 360, height: 720 });
  await record('images/landing/device-tablet.webp', deviceImage('tablet', showcase), { width: 600, height: 800 });

  await writeVectorAssets(sizes);
  report(sizes);
}

async function writeVectorAssets(sizes: [string, number][]): Promise<void> {
  for (const [relativePath, svg] of Object.entries(VECTOR_ASSETS)) {
    const file = path.join(PUBLIC, relativePath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, svg);
    sizes.push([relativePath, Buffer.byteLength(svg)]);
  }
}

function report(sizes: readonly [string, number][]): void {
  for (const [relativePath, bytes] of sizes) console.log(`${String(bytes).padStart(7)}  public/${relativePath}`);
  console.log(`${sizes.length} files written`);
}

await main();
