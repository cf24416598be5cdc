import { execFile } from 'node:child_process';
import { cpSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const repo = path.resolve(import.meta.dirname, '../../..');

/**
 * What a copy never takes: what the build does not read, among it what other runs leave behind (a
 * bench's synthetic catalogues run to 100,000 files), and node_modules, which is linked instead.
 */
const NOT_COPIED = ['node_modules', '.git', 'dist', '.netlify', '.generated', '.data', '.dependency-check', 'test-results', 'bench'];

/**
 * Builds the site in `copy`, beside a copy of the repository's sources, from the content folders
 * `env` names (CATALOGUE_DIR, …); the repository's folders in `leaveOut` are not copied (content
 * the copy already holds, or that the build is not given). The build writes .generated/ and .netlify/v1 under its root: in the repository those
 * are the suite's server's, which other specs are using meanwhile. Answers the built site's folder.
 */
export async function buildInCopy(copy: string, { leaveOut = [], env }: { leaveOut?: readonly string[]; env: Record<string, string> }): Promise<string> {
  const leftOut = new Set([...NOT_COPIED, ...leaveOut]);
  cpSync(repo, copy, { recursive: true, filter: (source) => !leftOut.has(path.relative(repo, source)) });
  symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
  await promisify(execFile)('npx', ['astro', 'build'], { cwd: copy, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return path.join(copy, 'dist');
}
