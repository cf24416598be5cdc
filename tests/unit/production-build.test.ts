import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY, localEnv } from '../../src/lib/local-stack';
import { registeredSmsTemplates } from '../../src/domain/messages';
import { OPTIONAL_MESSAGE_ENV, OPTIONAL_PAYMENT_ENV, OPTIONAL_SHIPPING_ENV, OPTIONAL_URL_ENV, PUBLIC_ENV, SERVER_ENV } from '../../src/lib/production-env';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const marker = randomBytes(6).toString('hex');

/** Every server-only secret the functions read, each set to a value that can be searched for. */
const SERVER_SECRETS = {
  SUPABASE_SERVICE_ROLE_KEY: `fake-service-role-${marker}`,
  RAZORPAY_KEY_SECRET: `fake-razorpay-secret-${marker}`,
  RAZORPAY_WEBHOOK_SECRET: `fake-razorpay-webhook-${marker}`,
  PHONEPE_CLIENT_SECRET: `fake-phonepe-secret-${marker}`,
  PHONEPE_WEBHOOK_USERNAME: `fake_phonepe_user_${marker}`,
  PHONEPE_WEBHOOK_PASSWORD: `fake-phonepe-password-${marker}`,
  ORDER_LINK_SECRET: `fake-order-link-secret-of-32-bytes-${marker}`,
  MAIL_API_KEY: `re_fake_mail_key_${marker}`,
  MSG91_AUTH_KEY: `fake-msg91-auth-key-${marker}`,
  MSG91_WEBHOOK_TOKEN: `fake-msg91-webhook-token-${marker}`,
  SEND_SMS_HOOK_SECRET: `v1,whsec_${Buffer.from(`fake-send-sms-hook-${marker}`).toString('base64')}`,
};
/** A public value from the same env: it must reach the bundle, proving the build saw the env. */
const PUBLIC_SUPABASE_URL = `https://public-${marker}.supabase.co`;

/**
 * What a shop owner sets on Netlify for production, as docs/going-live.md lists it, with real-looking
 * values. PUBLIC_RAZORPAY_CHECKOUT_URL is left out on purpose: Razorpay's own script is the default
 * on Netlify, never the emulator's.
 */
const PRODUCTION_ENV = {
  CONTEXT: 'production',
  URL: `https://medikart-${marker}.netlify.app`,
  PUBLIC_SUPABASE_URL,
  PUBLIC_SUPABASE_ANON_KEY: `eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.anon-${marker}`,
  PUBLIC_RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
  SUPABASE_URL: PUBLIC_SUPABASE_URL,
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
  PHONEPE_CLIENT_ID: 'M22LIVEMERCHANT',
  PHONEPE_CLIENT_VERSION: '1',
  MAIL_FROM: 'MediKart <orders@medikart-shop.in>',
  MSG91_SENDER_ID: 'MDKART',
  MSG91_TEMPLATE_IDS: registeredSmsTemplates().map((template, index) => `${template.name}=6650a1b2c3d4e5f6a7b8c9${String(index).padStart(2, '0')}`).join(','),
  ...SERVER_SECRETS,
};

/**
 * The local stack's giveaways: its addresses (host and port; supabase-js itself names the bare host
 * 127.0.0.1 among the places it may send trace headers to) and well-known keys.
 */
const LOCAL_TRACES: [string, RegExp | string][] = [
  ['127.0.0.1:<port>', /127\.0\.0\.1:\d/],
  ['localhost:5433x', /localhost:5433\d/],
  ['localhost:8888', 'localhost:8888'],
  ['the local anon key', LOCAL_SUPABASE_ANON_KEY],
  ['the local service-role key', LOCAL_SUPABASE_SERVICE_ROLE_KEY],
  ['the emulator Razorpay key', LOCAL_RAZORPAY_KEY_ID],
  ['the local order-link secret', localEnv().ORDER_LINK_SECRET!],
];

/** The child's env: this process's, without any setting the check reads (a developer's shell may have some). */
function buildEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const checked = new Set<string>([...PUBLIC_ENV, ...SERVER_ENV, ...OPTIONAL_PAYMENT_ENV, ...OPTIONAL_MESSAGE_ENV, ...OPTIONAL_SHIPPING_ENV, ...OPTIONAL_URL_ENV, 'SITE_URL', 'URL', 'CONTEXT', 'PUBLIC_PAYMENT_METHODS']);
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !checked.has(name))), ...settings };
}

async function filesUnder(directory: string): Promise<Map<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return new Map(await Promise.all(files.map(async (file) => [path.relative(directory, file), (await readFile(file)).toString('latin1')] as const)));
}

describe('a production build (Netlify CONTEXT=production) with real-looking settings', () => {
  let workDir: string;
  let site: Map<string, string>;
  let functions: Map<string, string>;

  // The adapter writes its function into the project's .netlify/v1 whatever --outDir says: the fixture
  // build's function (which the browser tests serve next) is kept aside and put back afterwards.
  const adapterOutput = path.join(projectRoot, '.netlify/v1');
  const fixtureAdapterOutput = path.join(projectRoot, '.netlify/v1-beside-production-build');
  let onDemandFunction: Map<string, string>;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'production-build-'));
    const outDir = path.join(workDir, 'dist');
    await rm(fixtureAdapterOutput, { recursive: true, force: true });
    if (existsSync(adapterOutput)) await rename(adapterOutput, fixtureAdapterOutput);
    const built = spawnSync('npx', ['astro', 'build', '--outDir', outDir], { cwd: projectRoot, env: buildEnv(PRODUCTION_ENV), encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`astro build failed:\n${built.stdout}\n${built.stderr}`);
    site = await filesUnder(outDir);
    onDemandFunction = await filesUnder(path.join(adapterOutput, 'functions/ssr'));
    // The functions as Netlify bundles them (netlify.toml: node_bundler = "esbuild"), with what they import.
    const functionsDir = path.join(projectRoot, 'netlify/functions');
    const entryPoints = (await readdir(functionsDir)).filter((name) => name.endsWith('.mts')).map((name) => path.join(functionsDir, name));
    await build({ entryPoints, bundle: true, platform: 'node', format: 'esm', target: 'node22', outdir: path.join(workDir, 'functions'), logLevel: 'silent' });
    functions = await filesUnder(path.join(workDir, 'functions'));
  }, 300_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
    if (existsSync(fixtureAdapterOutput)) {
      await rm(adapterOutput, { recursive: true, force: true });
      await rename(fixtureAdapterOutput, adapterOutput);
    }
  });

  it('builds the pages and bakes in the public settings, with Razorpay’s own checkout script', () => {
    expect(site.has('index.html')).toBe(true);
    const scripts = [...site].filter(([file]) => file.endsWith('.js'));
    expect(scripts.some(([, text]) => text.includes(PUBLIC_SUPABASE_URL))).toBe(true);
    expect(scripts.some(([, text]) => text.includes('https://checkout.razorpay.com/v1/checkout.js'))).toBe(true);
    expect(functions.size).toBeGreaterThan(10);
  });

  // On Netlify a function's path is matched before the redirect rules: a function of Astro's own at
  // `/*` would answer a mail's /orders/<number> link and unknown products with its 404 page.
  it('deploys Astro’s own function at the pages drawn on request only, so netlify.toml’s rewrites answer wherever no page does', async () => {
    const entry = onDemandFunction.get('ssr.mjs');
    expect(entry).toContain('path: ["/hi/products/page/:page","/hi/products/:product"],');
    expect(entry).not.toContain("path: '/*'");
  });

  it.each(LOCAL_TRACES)('ships %s in no page, script or function bundle (the pages drawn on request included)', (_name, trace) => {
    const found = [...site, ...functions, ...onDemandFunction].filter(([, text]) => (typeof trace === 'string' ? text.includes(trace) : trace.test(text))).map(([file]) => file);
    expect(found).toEqual([]);
  });

  it.each(Object.entries(SERVER_SECRETS))('writes %s into no built page or script', (_name, secret) => {
    const leaks = [...site].filter(([, text]) => text.includes(secret)).map(([file]) => file);
    expect(leaks).toEqual([]);
  });
});

describe('a production build with settings left out', () => {
  it('stops before building, naming every missing or local variable in one message', () => {
    const { PUBLIC_SUPABASE_ANON_KEY: _anon, MAIL_FROM: _from, RAZORPAY_WEBHOOK_SECRET: _hook, URL: _url, ...partial } = PRODUCTION_ENV;
    const refused = spawnSync('npx', ['astro', 'build', '--outDir', path.join(tmpdir(), `never-built-${marker}`)], {
      cwd: projectRoot,
      env: buildEnv({ ...partial, SUPABASE_URL: 'http://127.0.0.1:54321' }),
      encoding: 'utf8',
    });
    expect(refused.status).not.toBe(0);
    const lines = `${refused.stdout}\n${refused.stderr}`.split('\n').filter((line) => line.includes('build stopped'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('set PUBLIC_SUPABASE_ANON_KEY, RAZORPAY_WEBHOOK_SECRET, MAIL_FROM, SITE_URL');
    expect(lines[0]).toContain('replace the local-stack value of SUPABASE_URL');
  }, 120_000);
});
