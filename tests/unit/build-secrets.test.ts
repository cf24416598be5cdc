import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const marker = randomBytes(6).toString('hex');

/** Every server-only secret the functions read, each set to a value that can be searched for. */
const SERVER_SECRETS = {
  SUPABASE_SERVICE_ROLE_KEY: `fake-service-role-${marker}`,
  RAZORPAY_KEY_SECRET: `fake-razorpay-secret-${marker}`,
  RAZORPAY_WEBHOOK_SECRET: `fake-razorpay-webhook-${marker}`,
  PHONEPE_CLIENT_SECRET: `fake-phonepe-secret-${marker}`,
  PHONEPE_WEBHOOK_USERNAME: `fake-phonepe-user-${marker}`,
  PHONEPE_WEBHOOK_PASSWORD: `fake-phonepe-password-${marker}`,
  ORDER_LINK_SECRET: `fake-order-link-secret-of-32-bytes-${marker}`,
};
/** A public value from the same env: it must reach the bundle, proving the build saw the env. */
const PUBLIC_SUPABASE_URL = `https://public-${marker}.supabase.test`;

async function builtFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('a production build with server secrets in its env', () => {
  let outDir: string;
  let contents: Map<string, string>;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'secrets-build-'));
    const build = spawnSync('npx', ['astro', 'build', '--outDir', outDir], {
      cwd: projectRoot,
      env: { ...process.env, ...SERVER_SECRETS, PUBLIC_SUPABASE_URL },
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
    const files = await builtFiles(outDir);
    contents = new Map(await Promise.all(files.map(async (file) => [path.relative(outDir, file), (await readFile(file)).toString('latin1')] as const)));
  }, 180_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('builds the pages and bakes in the public settings', () => {
    expect(contents.has('index.html')).toBe(true);
    const withPublicUrl = [...contents].filter(([, text]) => text.includes(PUBLIC_SUPABASE_URL)).map(([file]) => file);
    expect(withPublicUrl.some((file) => file.endsWith('.js'))).toBe(true);
  });

  it.each(Object.entries(SERVER_SECRETS))('writes %s into no built file', (_name, secret) => {
    const leaks = [...contents].filter(([, text]) => text.includes(secret)).map(([file]) => file);
    expect(leaks).toEqual([]);
  });
});
