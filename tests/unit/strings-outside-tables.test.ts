import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every word a customer reads comes from the strings tables (src/domain/strings/languages): a
 * customer page or component that writes text of its own in its markup fails here. The desk is
 * English-only and out of scope; the files below write no words of the shop's, each with its reason.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Markup that is not customer-facing or writes no words of the shop's. */
const NOT_CUSTOMER_TEXT = new Set([
  'layouts/DeskLayout.astro', // the desk's shell: English-only by design
  'lib/browser/Toaster.tsx', // prints the messages its callers pass
]);

function customerMarkup(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(astro|tsx)$/.test(file) && !/\.test\.tsx$/.test(file))
    .filter((file) => !file.startsWith('features/desk/') && !file.startsWith('pages/desk/') && !file.startsWith('features/reports/') && !file.startsWith('features/marketing/'))
    .filter((file) => !NOT_CUSTOMER_TEXT.has(file));
}

/** Drops what is not markup: an .astro file's frontmatter, scripts, styles, comments and {expressions}. */
function markupOf(source: string): string {
  let text = source.replace(/^---[\s\S]*?\n---/, '').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  // Nested braces: drop innermost expressions until none are left.
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/\{[^{}]*\}/g, '{}');
  }
  return text;
}

/** Words written in the markup: text between tags, and the read-out attributes given as literals. */
export function writtenWords(source: string, kind: 'astro' | 'tsx'): string[] {
  const markup = kind === 'astro' ? markupOf(source) : markupOf(source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, ''));
  // Prose only: a stretch with code in it ({, (, =, &&, ?, ;) is an expression around nested markup, not text.
  const between = [...markup.matchAll(/>([^<>]*)</g)].map((match) => match[1]!.trim()).filter((text) => /[A-Za-z]{2,}/.test(text) && !/[{}()=&|?;]/.test(text));
  // An example address in a placeholder (you@example.com) is not a word.
  const attributes = [...markup.matchAll(/\s(?:alt|placeholder|aria-label|title|label)="([^"]*[A-Za-z]{2,}[^"]*)"/g)].map((match) => match[1]!).filter((value) => !/^\S+@\S+$/.test(value));
  // A component that prints English constants (a *-strings.ts view, or English's table itself) without
  // ever asking for the page's language writes English whatever the page's language.
  const englishOnly = /from '[^']*(-strings|strings\/languages\/en|strings\/english\/\w+)'/.test(source) && !/pageText\(|textOf\(|languageOf\(|words\(\)|text = ENGLISH_|\{ text = \w+ \}/.test(source);
  return [...between, ...attributes, ...(englishOnly ? ['(English constants, never the page\'s language)'] : [])];
}

describe('customer-facing text lives in the strings tables', () => {
  it('finds text written in markup (so the check below can fail)', () => {
    expect(writtenWords('---\nconst a = 1;\n---\n<p class="x">Go to Cart</p><img alt="A pharmacist" /><p>{text.ok}</p>', 'astro')).toEqual(['Go to Cart', 'A pharmacist']);
    expect(writtenWords('export const A = () => <button aria-label="Close">{t.close}</button>;', 'tsx')).toEqual(['Close']);
  });

  it.each(customerMarkup())('%s writes no words of its own', (file) => {
    const source = readFileSync(path.join(SRC, file), 'utf8');
    expect(writtenWords(source, file.endsWith('.astro') ? 'astro' : 'tsx')).toEqual([]);
  });
});
