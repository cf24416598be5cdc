/**
 * Production-like local run: serves the built site (dist/) through Netlify's own request chain
 * (@netlify/dev: redirects, headers) and netlify/functions through its functions handler, built
 * once at start, with the local emulators.
 * Usage: tsx scripts/serve.ts [--fresh]   (--fresh starts from empty emulator data, as tests do)
 */
import { createServer, type IncomingMessage } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { resolveConfig } from '@netlify/config';
import { NetlifyDev } from '@netlify/dev';
import { mockLocation, toWebRequest } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';
import { parse as parseToml } from 'smol-toml';
import { applyLocalEnv, LOCAL_PORTS } from '../emulators/local-env.ts';
import { startEmulators } from '../emulators/index.ts';
import { startContentEditorBackend, type ContentEditorBackend } from './content-editor-backend.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? LOCAL_PORTS.site);
const fresh = process.argv.includes('--fresh');

// A developer's .env (optional) wins over the local defaults.
if (existsSync(path.join(projectRoot, '.env'))) process.loadEnvFile(path.join(projectRoot, '.env'));

if (!existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first (npm start does both).');
  process.exit(1);
}

applyLocalEnv(port);
const emulators = await startEmulators({ dataDir: path.join(projectRoot, '.data'), fresh });

const chainOptions = {
  projectRoot,
  staticFiles: { directories: ['dist'] },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  aiGateway: { enabled: false },
  database: { enabled: false },
  blobs: { enabled: false },
  images: { enabled: false },
  environmentVariables: { enabled: false },
  serverAddress: null,
};
// The content editor at /admin saves into this checkout's content/ through Decap's local proxy.
const contentEditor: ContentEditorBackend | null = await startContentEditorBackend(projectRoot).catch((error: unknown) => {
  console.error(`Content editor unavailable: ${(error as Error).message}`);
  return null;
});
const pagesChain = new NetlifyDev({ ...chainOptions, functions: { enabled: false } });
await pagesChain.start();

/**
 * The functions are built once per start, as Netlify builds them once per deploy. @netlify/dev's
 * own chain rebuilds a function into a fresh folder on every request and deletes that folder when
 * the request ends, while the function keeps a single "last build" for all requests: under
 * concurrent calls one request's worker loads modules lazily from another request's folder just as
 * that folder is deleted, and the call fails with 500 "Cannot find module" (about 1 call in 300);
 * every rebuild also cost 0.4-1 s and memory. Here the functions handler builds each function once
 * when it registers it (it does so only when given a file watcher: this one watches nothing, so
 * nothing is rebuilt) into a folder that lives until the server stops, and each call passes an
 * empty build directory, which runs that build as it is (undefined would mean "rebuild").
 */
type FunctionsHandlerOptions = ConstructorParameters<typeof FunctionsHandler>[0];
const watchNothing = { subscribe: () => ({ add: () => {}, unwatch: () => {} }) } as unknown as FunctionsHandlerOptions['fileWatcher'];
const RUN_START_UP_BUILD = '';
await mkdir(path.join(projectRoot, '.netlify', 'functions-serve'), { recursive: true });
const functionsBuildDirectory = await mkdtemp(path.join(projectRoot, '.netlify', 'functions-serve', 'start-'));
const netlifyConfig = await resolveConfig({ config: path.join(projectRoot, 'netlify.toml'), context: 'production', cwd: projectRoot, repositoryRoot: projectRoot, offline: true, mode: 'cli' });
const functions = new FunctionsHandler({
  config: { get: () => netlifyConfig } as unknown as FunctionsHandlerOptions['config'],
  destPath: functionsBuildDirectory,
  fileWatcher: watchNothing,
  projectRoot,
  settings: {},
  geolocation: mockLocation,
  userFunctionsPath: path.join(projectRoot, 'netlify', 'functions'),
});

/** The part of the functions handler's registry this server reads (not in its published types). */
interface RegisteredFunction {
  name: string;
  isBackground: boolean;
  isScheduled(): Promise<boolean>;
  getBuildData(): Promise<{ buildPath?: string; runtimeAPIVersion?: number } | undefined>;
}
const registry = (functions as unknown as { registry: { getFunctionForURLPath(path: string, method?: string): Promise<{ func?: RegisteredFunction } | undefined> } }).registry;

type FunctionModule = { default: (request: Request, context: { waitUntil(work: Promise<unknown>): void }) => Promise<Response> | Response };
const warmInstances = new Map<string, Promise<FunctionModule>>();

/**
 * A request function (Functions v2) answered by a warm instance: its built module is imported once
 * per start and then called for every request, as a deployed function's instance serves request
 * after request. The functions handler would start a fresh worker thread and import the whole bundle
 * for each call (1-2 s per call on this machine kind, which every checkout step and every test
 * paid). Work the function hands to `context.waitUntil` runs after the reply, and a failure there is
 * logged, as Netlify logs it. Scheduled and background functions keep the handler's own path.
 */
async function warmInstance(func: RegisteredFunction): Promise<FunctionModule | undefined> {
  if (func.isBackground || (await func.isScheduled())) return undefined;
  let instance = warmInstances.get(func.name);
  if (!instance) {
    const build = await func.getBuildData();
    if (build?.runtimeAPIVersion !== 2 || !build.buildPath) return undefined;
    // The bundle beside the entry point Netlify's bootstrap wraps for Lambda: the function's own module.
    const moduleFile = path.join(path.dirname(build.buildPath), 'netlify', 'functions', `${func.name}.mjs`);
    if (!existsSync(moduleFile)) return undefined;
    instance = import(pathToFileURL(moduleFile).href) as Promise<FunctionModule>;
    warmInstances.set(func.name, instance);
  }
  return instance;
}

async function invokeWarm(name: string, { default: handler }: FunctionModule, request: Request): Promise<Response> {
  const context = {
    waitUntil(work: Promise<unknown>) {
      work.catch((error: unknown) => console.error(`[${name}] work after the reply failed:`, error));
    },
  };
  try {
    return await handler(request, context);
  } catch (error) {
    console.error(`[${name}] failed:`, error);
    return new Response(JSON.stringify({ error: 'Internal error' }), { status: 500, headers: { 'content-type': 'application/json' } });
  }
}

/**
 * Routes a request to a function, as Netlify does for paths in a function's `config.path` (before
 * the redirect rules); one with `preferStatic` only when no file answers the path.
 */
async function handleFunction(request: IncomingMessage): Promise<Response | undefined> {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`);
  // Matched on method and address alone: the request's body is read only by the function that takes it.
  const match = await functions.match(new Request(url, { method: request.method }), RUN_START_UP_BUILD);
  if (!match || (match.preferStatic && isStaticFile(url.pathname))) return undefined;
  const func = (await registry.getFunctionForURLPath(url.pathname, request.method))?.func;
  const instance = func && (await warmInstance(func));
  return instance ? invokeWarm(func.name, instance, toWebRequest(request)) : match.handle(toWebRequest(request));
}

/**
 * @netlify/dev answers a `status = 404` rewrite with the target page but status 200; Netlify's CDN
 * answers 404. The rules come from netlify.toml so the two never disagree.
 */
const notFoundRewrites = ((parseToml(await readFile(path.join(projectRoot, 'netlify.toml'), 'utf8')).redirects ?? []) as Array<{ from: string; status?: number }>)
  .filter((rule) => rule.status === 404)
  .map((rule) => new RegExp(`^${rule.from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
const distDir = path.join(projectRoot, 'dist');
/** True when a built file answers the path, as Netlify's static lookup finds it. */
function isStaticFile(pathname: string): boolean {
  const file = path.join(distDir, decodeURIComponent(pathname));
  return file.startsWith(distDir) && [file, `${file}.html`, path.join(file, 'index.html')].some((candidate) => existsSync(candidate));
}
function isNotFoundRewrite(pathname: string): boolean {
  // Not forced: a real page at the path wins over the rule, as on Netlify.
  return notFoundRewrites.some((pattern) => pattern.test(pathname)) && !isStaticFile(pathname);
}

// Netlify's CDN compresses text responses; doing the same here keeps byte counts production-like.
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
function maybeCompress(body: Buffer, headers: Record<string, string | string[]>, acceptEncoding: string | undefined): Buffer {
  const type = String(headers['content-type'] ?? '');
  if (body.length < 256 || headers['content-encoding'] || !COMPRESSIBLE.test(type) || !/\bgzip\b/.test(acceptEncoding ?? '')) {
    return body;
  }
  headers['content-encoding'] = 'gzip';
  headers['vary'] = 'Accept-Encoding';
  delete headers['content-length'];
  return gzipSync(body);
}

const server = createServer(async (request, response) => {
  const send = async (answer: Response, status: number) => {
    const headers: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name === 'set-cookie') return;
      headers[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    const body = maybeCompress(Buffer.from(await answer.arrayBuffer()), headers, request.headers['accept-encoding']);
    response.writeHead(status, headers);
    response.end(body);
  };
  try {
    // /.netlify/functions/ is how the local schedule below invokes the scheduled reconciliation.
    const answeredByFunction = await handleFunction(request);
    if (answeredByFunction) {
      await send(answeredByFunction, answeredByFunction.status);
      return;
    }
    const matched = await pagesChain.handleAndIntrospectNodeRequest(request);
    // Nothing matched: Netlify serves 404.html with status 404 and the usual headers; asking the
    // chain for the page itself gets those headers applied.
    const result = matched ?? (await pagesChain.handleAndIntrospect(new Request(`http://localhost:${port}/404.html`)));
    if (!result) throw new Error('dist/404.html is missing');
    const { response: answer, type } = result;
    const notFound =
      !matched || (type === 'redirect' && answer.status === 200 && isNotFoundRewrite(new URL(request.url ?? '/', 'http://x').pathname));
    await send(answer, notFound ? 404 : answer.status);
  } catch (error) {
    console.error('Request failed:', request.method, request.url, error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Internal error' }));
  }
});

server.listen(port, () => {
  console.log(`Storefront ready at http://localhost:${port}`);
  for (const name of emulators.names) console.log(`  emulator: ${name}`);
  if (contentEditor) console.log(`  content editor: http://localhost:${port}/admin (saves into content/ through ${contentEditor.url})`);
  console.log('  order reconciliation (netlify/functions/orders-reconcile.mts): every 5 minutes');
});

/** Netlify runs the scheduled reconciliation every 5 minutes; locally this does the same. */
const RECONCILE_EVERY_MS = 5 * 60 * 1000;
const reconciliation = setInterval(() => {
  fetch(`http://localhost:${port}/.netlify/functions/orders-reconcile`, { method: 'POST' })
    .then((answer) => {
      if (!answer.ok) console.error(`Order reconciliation answered ${answer.status}`);
    })
    .catch((error: unknown) => console.error('Order reconciliation failed:', error));
}, RECONCILE_EVERY_MS);
reconciliation.unref();

/** Netlify runs the prescription request expiry every hour; locally this does the same. */
const requestExpiry = setInterval(() => {
  fetch(`http://localhost:${port}/.netlify/functions/prescription-requests-expire`, { method: 'POST' })
    .then((answer) => {
      if (!answer.ok) console.error(`Prescription request expiry answered ${answer.status}`);
    })
    .catch((error: unknown) => console.error('Prescription request expiry failed:', error));
}, 60 * 60 * 1000);
requestExpiry.unref();

/** Netlify runs the refill reminders every morning; locally they run every hour (each is sent once). */
const refillReminders = setInterval(() => {
  fetch(`http://localhost:${port}/.netlify/functions/refill-reminders`, { method: 'POST' })
    .then((answer) => {
      if (!answer.ok) console.error(`Refill reminders answered ${answer.status}`);
    })
    .catch((error: unknown) => console.error('Refill reminders failed:', error));
}, 60 * 60 * 1000);
refillReminders.unref();

async function stop(): Promise<void> {
  server.close();
  await Promise.allSettled([pagesChain.stop(), emulators.close(), contentEditor?.close(), rm(functionsBuildDirectory, { recursive: true, force: true })]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
