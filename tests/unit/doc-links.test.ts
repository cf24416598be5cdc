import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every relative link in README.md and docs/*.md leads somewhere: the file or folder exists and,
 * when the link names a `#heading` of a Markdown file (or of its own page), that heading is there,
 * spelled as GitHub spells its anchors. Links to other sites are not followed.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** The Markdown files the newcomer reads: the README and every page under docs/. */
function documents(root: string): string[] {
  const docs = existsSync(path.join(root, 'docs')) ? readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => path.join('docs', file)) : [];
  return ['README.md', ...docs.sort()];
}

/** The text outside fenced code blocks, line by line (a fenced line becomes empty, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings (repeats numbered -1, -2, … as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const lines = proseLines(markdown);
  lines.forEach((line, index) => {
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    const setext = index > 0 && /^\s{0,3}(=+|-+)\s*$/.test(line) && lines[index - 1]!.trim() !== '' && !/^\s{0,3}([-*+]|\d+\.)\s/.test(lines[index - 1]!) && !lines[index - 1]!.includes('|') ? lines[index - 1] : undefined;
    const heading = atx ?? setext;
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  });
  return anchors;
}

export interface MarkdownLink {
  file: string;
  line: number;
  target: string;
}

/** Inline links and images `[text](target "title")` and reference definitions `[label]: target`, outside code. */
function linksOf(file: string, markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = raw.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length)); // inline code is not a link
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ file, line: index + 1, target: match[1]!.replace(/^<|>$/g, '') });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (definition) links.push({ file, line: index + 1, target: definition[1]! });
  });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** Why a link leads nowhere, or null when it resolves. */
function problemOf(root: string, link: MarkdownLink): string | null {
  const [pathPart = '', ...anchorParts] = link.target.split('#');
  const anchor = anchorParts.join('#');
  const decoded = decodeURIComponent(pathPart);
  const resolved = decoded === '' ? path.join(root, link.file) : decoded.startsWith('/') ? path.join(root, decoded) : path.resolve(path.dirname(path.join(root, link.file)), decoded);
  if (!resolved.startsWith(root)) return `${link.target} leaves the repository`;
  if (!existsSync(resolved)) return `${link.target}: no such file or folder`;
  if (anchor === '' || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) return null;
  if (!anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) return `${link.target}: ${path.relative(root, resolved)} has no heading #${anchor}`;
  return null;
}

/** `file:line: problem` for every relative link in the root's README and docs that leads nowhere. */
export function brokenLinks(root: string): string[] {
  return documents(root).flatMap((file) =>
    linksOf(file, readFileSync(path.join(root, file), 'utf8'))
      .filter((link) => !isExternal(link.target))
      .flatMap((link) => {
        const problem = problemOf(root, link);
        return problem ? [`${link.file}:${link.line}: ${problem}`] : [];
      }),
  );
}

describe('the links in README.md and docs/', () => {
  it('all lead to a file, folder or heading that exists', () => {
    expect(brokenLinks(projectRoot)).toEqual([]);
  });

  it('are found, so the check above is not passing on nothing', () => {
    const relative = documents(projectRoot).flatMap((file) => linksOf(file, readFileSync(path.join(projectRoot, file), 'utf8')).filter((link) => !isExternal(link.target)));
    expect(relative.filter((link) => link.file === 'README.md').length).toBeGreaterThan(5);
    expect(relative.some((link) => link.target.includes('#'))).toBe(true);
  });

  it('reach every page under docs/ from the README in one click', () => {
    const linked = new Set(
      linksOf('README.md', readFileSync(path.join(projectRoot, 'README.md'), 'utf8'))
        .filter((link) => !isExternal(link.target))
        .map((link) => path.normalize(link.target.split('#')[0]!)),
    );
    expect(documents(projectRoot).filter((file) => file !== 'README.md' && !linked.has(file))).toEqual([]);
  });
});

describe('the link check itself', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('spells anchors as GitHub does', () => {
    expect(githubSlug('8. Pharmacist and support accounts')).toBe('8-pharmacist-and-support-accounts');
    expect(githubSlug('2. Auth settings (Supabase dashboard > Authentication)')).toBe('2-auth-settings-supabase-dashboard--authentication');
    expect(githubSlug('Using `supabase start` instead of the emulator')).toBe('using-supabase-start-instead-of-the-emulator');
    expect(githubSlug('Stock, tax invoices and the H1 register')).toBe('stock-tax-invoices-and-the-h1-register');
  });

  it('reports a missing file, a missing heading and a missing heading of its own page, and nothing else', () => {
    writeFileSync(
      path.join(root, 'README.md'),
      [
        '# Title',
        '## A heading',
        '## A heading',
        '[ok](other.md) [ok](other.md#the-part) [ok](#a-heading) [ok](#a-heading-1) [ok](https://example.com/missing)',
        '[gone](missing.md) [wrong](other.md#no-such-part) [self](#nowhere)',
        '`[code](not-checked.md)`',
        '```',
        '[fenced](not-checked-either.md)',
        '```',
        '[ref]: also-missing.md',
      ].join('\n'),
    );
    writeFileSync(path.join(root, 'other.md'), '# Other\n\n## The part\n');
    expect(brokenLinks(root)).toEqual([
      'README.md:5: missing.md: no such file or folder',
      'README.md:5: other.md#no-such-part: other.md has no heading #no-such-part',
      'README.md:5: #nowhere: README.md has no heading #nowhere',
      'README.md:10: also-missing.md: no such file or folder',
    ]);
  });
});
