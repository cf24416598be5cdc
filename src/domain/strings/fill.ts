/**
 * Filling a template, on its own: the one strings helper the product and list pages run before the
 * first tap (with lib/browser/page-text.ts), so its chunk (astro.config.mjs, 'strings') carries
 * nothing else; the other helpers (format.ts, paths.ts) come with the pages and islands that use them.
 */
export type TextValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a template names, e.g. ['count', 'name']; strings.test.ts compares them across languages. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();
}

/** 'Delivery by {when}' with { when: 'Tue, 2 Dec' }. A value the template names but the caller forgot is an error, never a visible '{when}'. */
export function fill(template: string, values: TextValues = {}): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in "${template}"`);
    return String(value);
  });
}

