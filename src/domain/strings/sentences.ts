import { fill } from './fill';
import type { StringTable } from './table';

/**
 * A sentence the server wrote in English, said in another language: the English table's entry it was
 * filled from (its values read back out of it), filled in the other table's same entry. Code that
 * refuses a customer keeps writing the spec's English sentence from the tables; the answer to a page
 * in another language is turned at the end (lib/server/answered-in.ts), so no throw site knows languages.
 */
interface Template {
  path: readonly string[];
  pattern: RegExp;
  names: readonly string[];
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templatesOf(table: unknown, path: string[] = []): Template[] {
  if (typeof table === 'string') {
    // An entry that is nothing but values ('{name}') would read any sentence: it is no sentence of its own.
    if (table.replace(PLACEHOLDER, '').trim() === '') return [];
    const names = [...table.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    const pattern = new RegExp(`^${table.split(PLACEHOLDER).map((part, index) => (index % 2 === 1 ? '(.+?)' : escape(part))).join('')}$`, 's');
    return [{ path, pattern, names }];
  }
  if (typeof table !== 'object' || table === null) return [];
  return Object.entries(table).flatMap(([key, value]) => templatesOf(value, [...path, key]));
}

const compiled = new WeakMap<object, Template[]>();

/** The English table's sentences, the most literal text first, so a longer sentence wins over one it contains. */
function sentencesOf(english: StringTable): Template[] {
  let templates = compiled.get(english);
  if (!templates) {
    const literal = (template: Template) => template.pattern.source.replaceAll('(.+?)', '').length;
    templates = templatesOf(english).sort((a, b) => literal(b) - literal(a));
    compiled.set(english, templates);
  }
  return templates;
}

function entryAt(table: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), table);
}

/** `sentence` in `local`'s words when it is one of `english`'s entries (its values kept as written); else `sentence` itself. */
export function sentenceIn(sentence: string, english: StringTable, local: StringTable): string {
  for (const template of sentencesOf(english)) {
    const match = template.pattern.exec(sentence);
    if (!match) continue;
    const said = entryAt(local, template.path);
    if (typeof said !== 'string') return sentence;
    return fill(said, Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]!])));
  }
  return sentence;
}
