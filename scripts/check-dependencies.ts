/**
 * `npm run check`'s dependency rules (.dependency-cruiser.cjs) over every file, .astro included.
 * dependency-cruiser cannot parse .astro, so it runs on a copy of src/ and netlify/ in which each
 * X.astro is replaced by X.astro.ts holding its frontmatter and <script> blocks: the only places
 * an .astro file imports from. Imports of './X.astro' then resolve to that file.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Beside node_modules so that package imports resolve from the copy as they do from the source.
const copy = path.join(root, '.dependency-check');
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;
const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

/** The code an .astro file runs: frontmatter and script blocks, in order. */
function astroImportsSource(astro: string): string {
  const parts = [FRONTMATTER.exec(astro)?.[1] ?? ''];
  for (const match of astro.matchAll(SCRIPT)) parts.push(match[1]);
  return parts.join('\n;\n');
}

function mirror(dir: string): void {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(path.join(copy, relative), { recursive: true });
      mirror(relative);
    } else if (entry.name.endsWith('.astro')) {
      writeFileSync(path.join(copy, `${relative}.ts`), astroImportsSource(readFileSync(path.join(root, relative), 'utf8')));
    } else {
      cpSync(path.join(root, relative), path.join(copy, relative));
    }
  }
}

rmSync(copy, { recursive: true, force: true });
for (const dir of ['src', 'netlify']) {
  mkdirSync(path.join(copy, dir), { recursive: true });
  mirror(dir);
}
cpSync(path.join(root, 'tsconfig.json'), path.join(copy, 'tsconfig.json'));

try {
  const report = execFileSync(path.join(root, 'node_modules/.bin/depcruise'), ['src', 'netlify', '--config', path.join(root, '.dependency-cruiser.cjs')], {
    cwd: copy,
    encoding: 'utf8',
  });
  process.stdout.write(report.replaceAll('.astro.ts', '.astro'));
} catch (error) {
  const failed = error as { stdout?: string; stderr?: string; status?: number };
  process.stdout.write((failed.stdout ?? '').replaceAll('.astro.ts', '.astro'));
  process.stderr.write(failed.stderr ?? '');
  process.exit(failed.status ?? 1);
}
