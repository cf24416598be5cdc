import type { Plugin } from 'vite';

/**
 * The browser build's dynamic import() stays a plain import(). Vite wraps each one in its preload
 * helper, which fetches the chunk's CSS and imports alongside it from file lists written into the
 * importing chunk: 0.6-0.8 KB gzip of helper and lists on every page before any action. The store
 * inlines all its CSS (build.inlineStylesheets), and what it loads on demand (sign-out, search
 * suggestions, the payment step, the cart sync) can take one more round trip on first use, so the
 * lists are dropped (modulePreload: false), the helper only calls import(), and each chunk is
 * rendered without the helper's calls and its import (unwrapPreloadCalls): a product or list page's
 * scripts held six calls, 0.1 KB gzip before the first tap.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
    load: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: () => 'export const __vitePreload = (load) => load();' },
    renderChunk: (code) => (code.includes(PRELOAD) ? { code: unwrapPreloadCalls(code), map: null } : null),
  };
}

const PRELOAD = '__vitePreload';
/** A call of the helper as Vite writes it into a chunk: `__vitePreload(<function>, __VITE_PRELOAD__)`. */
const PRELOAD_CALL = /(?<![\w$.])__vitePreload\(/g;
const CALL_END = /^\s*,\s*__VITE_PRELOAD__\s*\)/;
/** Vite's rewrite of `const { a } = await import(x)`, which the import's own module object answers as well. */
const DESTRUCTURED = /^async\s*\(\)\s*=>\s*\{\s*const\s*\{[\w$:,\s]*\}\s*=\s*await\s+(import\((?:"[^"]*"|`[^`]*`)\));?\s*return\s*\{[\w$:,\s]*\};?\s*\}$/;
const ARROW = /^\(\)\s*=>\s*/;
/** The helper's name among a chunk's imports: `u as __vitePreload` beside others, or alone. */
const HELPER_IMPORT = [/,\s*[\w$]+\s+as\s+__vitePreload\b/, /\b[\w$]+\s+as\s+__vitePreload\s*,\s*/, /import\s*\{\s*[\w$]+\s+as\s+__vitePreload\s*\}\s*from\s*"[^"]+";?\n?/];

/**
 * `__vitePreload(() => import("./x.js").then(…), __VITE_PRELOAD__)` becomes `import("./x.js").then(…)`
 * and `__vitePreload(async () => { const { a } = await import("./x.js"); return { a }; }, __VITE_PRELOAD__)`
 * becomes `import("./x.js")`: the helper calls its function at once and returns what it returns. Once
 * no call is left, the helper's import goes too. A call not in either form is left as it is.
 */
export function unwrapPreloadCalls(code: string): string {
  let out = '';
  let done = 0;
  for (const match of code.matchAll(PRELOAD_CALL)) {
    if (match.index < done) continue;
    const argument = match.index + match[0].length;
    const end = argumentEnd(code, argument);
    const close = end === -1 ? null : CALL_END.exec(code.slice(end));
    if (!close) continue;
    const factory = code.slice(argument, end).trim();
    const body = ARROW.test(factory) && !factory.startsWith('() => {') ? factory.replace(ARROW, '') : DESTRUCTURED.exec(factory)?.[1];
    if (body === undefined) continue;
    out += code.slice(done, match.index) + body;
    done = end + close[0].length;
  }
  const unwrapped = out + code.slice(done);
  if (/(?<![\w$.])__vitePreload\(/.test(unwrapped)) return unwrapped;
  return HELPER_IMPORT.reduce((text, pattern) => text.replace(pattern, ''), unwrapped);
}

/** Where the argument starting at `start` ends: the first comma outside brackets and string literals, or -1. */
function argumentEnd(code: string, start: number): number {
  let depth = 0;
  for (let index = start; index < code.length; index += 1) {
    const char = code[index];
    if (char === '"' || char === "'" || char === '`') {
      index = stringEnd(code, index);
      if (index === -1) return -1;
    } else if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return -1;
      depth -= 1;
    } else if (char === ',' && depth === 0) return index;
  }
  return -1;
}

/** The closing quote of the string literal opening at `start` (a template literal only without ${…}), or -1. */
function stringEnd(code: string, start: number): number {
  const quote = code[start];
  for (let index = start + 1; index < code.length; index += 1) {
    if (code[index] === '\\') index += 1;
    else if (quote === '`' && code.startsWith('${', index)) return -1;
    else if (code[index] === quote) return index;
  }
  return -1;
}
