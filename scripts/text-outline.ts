/**
 * Turns a line of text into SVG path data drawn from a font file, so a logo or badge renders the
 * same on every machine: the browser never needs the font, only these outlines. The font is read
 * only when images are regenerated (DejaVu Sans, permissively licensed, Debian's fonts-dejavu-core).
 */
import { existsSync, readFileSync } from 'node:fs';
import { create, type Font, type PathCommand } from 'fontkitten';

export const OUTLINE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
} as const;

const loaded = new Map<string, Font>();

function fontAt(file: string): Font {
  const cached = loaded.get(file);
  if (cached) return cached;
  if (!existsSync(file)) throw new Error(`${file} is missing: install it with "apt-get install fonts-dejavu-core" to regenerate the images`);
  const font = create(readFileSync(file));
  if ('isCollection' in font && font.isCollection) throw new Error(`${file} is a font collection; give a single font`);
  loaded.set(file, font);
  return font;
}

const round = (value: number) => Number(value.toFixed(2));

function pathData(commands: readonly PathCommand[], scale: number, x: number, baseline: number): string {
  const letter = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' } as const;
  return commands
    .map(({ command, args }) => {
      const points: number[] = [];
      for (let index = 0; index < args.length; index += 2) points.push(round(x + args[index]! * scale), round(baseline - args[index + 1]! * scale));
      return `${letter[command]}${points.join(' ')}`;
    })
    .join('');
}

export interface TextOutline {
  /** Path data, one entry per run of text. */
  runs: string[];
  /** Drawn width in px, never more than `maxWidth`. */
  width: number;
  /** The font size used after fitting. */
  size: number;
}

/**
 * Outlines runs of text set one after another from `x` on the `baseline`, at `size` px or smaller
 * so the whole line fits in `maxWidth`.
 */
export function outlineText(runs: readonly string[], options: { font: keyof typeof OUTLINE_FONTS; size: number; x: number; baseline: number; maxWidth: number }): TextOutline {
  const font = fontAt(OUTLINE_FONTS[options.font]);
  const glyphRuns = runs.map((text) => font.glyphsForString(text));
  const advance = glyphRuns.flat().reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
  const size = Math.min(options.size, (options.maxWidth * font.unitsPerEm) / advance);
  const scale = size / font.unitsPerEm;
  let pen = options.x;
  const outlined = glyphRuns.map((glyphs) =>
    glyphs
      .map((glyph) => {
        const d = pathData(glyph.path.commands, scale, pen, options.baseline);
        pen += glyph.advanceWidth * scale;
        return d;
      })
      .join(''),
  );
  return { runs: outlined, width: round(pen - options.x), size: round(size) };
}
