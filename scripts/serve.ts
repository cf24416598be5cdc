/**
 * Production-like local run: serves the built site (dist/) through Netlify's own request chain
 * (@netlify/dev: redirects, headers) and netlify/functions routed by its functions handler, with the
 * local emulators.
 * Usage: tsx scripts/serve.ts [--fresh]   (--fresh starts from empty emulator data, as tests do)
 */
import { createServer, type IncomingMessage } from 'node:http';
import module from 'node:module';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { FunctionsHandler } from '@netlify/functions-dev';
import { parse as parseToml } from 'smol-toml';
import { applyLocalEnv, LOCAL_PORTS } from '../emulators/local-env.ts';
import { startEmulatorsOnThread } from '../emulators/thread.ts';
import { startContentEditorBackend } from './content-editor-backend.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
// V8's compiled code for the modules loaded below (Netlify's, the emulators', the functions') is
// kept on disk and reused by the next start: about 2 s of a 12 s start on this machine kind.
module.enableCompileCache(path.join(projectRoot, 'node_modules', '.cache', 'medikart-compile-cache'));
const port = Number(process.env.PORT ?? LOCAL_PORTS.site);
const fresh = process.argv.includes('--fresh');

// A developer's .env (optional) wins over the local defaults.
if (existsSync(path.join(projectRoot, '.env'))) process.loadEnvFile(path.join(projectRoot, '.env'));

if (!existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first (npm start does both).');
  process.exit(1);
}

applyLocalEnv(port);
// The emulators start on their own thread while this one loads Netlify's modules (about 3 s) and
// the content editor's proxy starts: the server is ready when all three are.
const emulatorsStarting = startEmulatorsOnThread({ dataDir: path.join(projectRoot, '.data'), fresh });
// The content editor at /admin saves into this checkout's content/ through Decap's local proxy.
const contentEditorStarting = startContentEditorBackend(projectRoot).catch((error: unknown) => {
  console.error(`Content editor unavailable: ${(error as Error).message}`);
  return null;
});
const [{ resolveConfig }, { NetlifyDev }, { mockLocation, toWebRequest }, { FunctionsHandler: NetlifyFunctionsHandler }] = await Promise.all([
  import('@netlify/config'),
  import('@netlify/dev'),
  import('@netlify/dev-utils'),
  import('@netlify/functions-dev'),
]);

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
const pagesChain = new NetlifyDev({ ...chainOptions, functions: { enabled: false } });
await pagesChain.start();

/**
 * Netlify's functions handler routes each request to its function (the paths, methods and
 * schedules each function's `config` declares); the function itself runs here from its source, in
 * this process (tsx compiles it), as a deployed instance serves request after request: its module
 * is imported on its first call and called for every request after. Nothing is bundled at start.
 * The handler would bundle every function as it starts (zip-it-and-ship-it, about 40 s and 2 GB
 * for the 32 functions on this machine kind, so the first call waited that long after each start),
 * or, without a start-up build, again on every call into a folder deleted when the call ends
 * (1-2 s per call, and concurrent calls failed when one deleted modules another was loading).
 * The bundles Netlify deploys are measured by bench/functions.ts and checked by
 * tests/unit/production-build.test.ts.
 */
type FunctionsHandlerOptions = ConstructorParameters<typeof FunctionsHandler>[0];
const netlifyConfig = await resolveConfig({ config: path.join(projectRoot, 'netlify.toml'), context: 'production', cwd: projectRoot, repositoryRoot: projectRoot, offline: true, mode: 'cli' });
const functions = new NetlifyFunctionsHandler({
  config: { get: () => netlifyConfig } as unknown as FunctionsHandlerOptions['config'],
  destPath: path.join(projectRoot, '.netlify', 'functions-serve'),
  projectRoot,
  settings: {},
  geolocation: mockLocation,
  userFunctionsPath: path.join(projectRoot, 'netlify', 'functions'),
});

/** The part of the functions handler's registry this server reads (not in its published types). */
interface RegisteredFunction {
  name: string;
  mainFile: string;
}
const registry = (functions as unknown as { registry: { getFunctionForURLPath(path: string, method?: string): Promise<{ func?: RegisteredFunction | null } | undefined> } })
  .registry;

type FunctionModule = { default: (request: Request, context: { waitUntil(work: Promise<unknown>): void }) => Promise<Response> | Response };
const warmInstances = new Map<string, Promise<FunctionModule>>();

function warmInstance(func: RegisteredFunction): Promise<FunctionModule> {
  let instance = warmInstances.get(func.name);
  if (!instance) {
    instance = import(pathToFileURL(func.mainFile).href) as Promise<FunctionModule>;
    // A module that failed to load (a syntax error, say) is imported again on the next call.
    instance.catch(() => warmInstances.delete(func.name));
    warmInstances.set(func.name, instance);
  }
  return instance;
}

/** Work the function hands to `context.waitUntil` runs after the reply; a failure there is logged, as Netlify logs it. */
async function invokeWarm(func: RegisteredFunction, request: Request): Promise<Response> {
  const context = {
    waitUntil(work: Promise<unknown>) {
      work.catch((error: unknown) => console.error(`[${func.name}] work after the reply failed:`, error));
    },
  };
  try {
    const { default: handler } = await warmInstance(func);
    return await handler(request, context);
  } catch (error) {
    console.error(`[${func.name}] failed:`, error);
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
  const match = await functions.match(new Request(url, { method: request.method }));
  if (!match || (match.preferStatic && isStaticFile(url.pathname))) return undefined;
  const func = (await registry.getFunctionForURLPath(url.pathname, request.method))?.func;
  return func ? invokeWarm(func, toWebRequest(request)) : match.handle(toWebRequest(request));
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
/**
 * The built files' compressed bodies, by content: each browser (every test opens a fresh one) asks
 * for the same scripts and pages again, and compressing them again each time was CPU the tests
 * waited for. Hashing a body costs a tenth of compressing it. The oldest go first past the limit.
 */
const compressedFiles = new Map<string, Buffer>();
const COMPRESSED_FILES_KEPT = 2_000;
function compressFile(body: Buffer): Buffer {
  const key = createHash('sha1').update(body).digest('base64');
  let compressed = compressedFiles.get(key);
  if (!compressed) {
    compressed = gzipSync(body);
    if (compressedFiles.size >= COMPRESSED_FILES_KEPT) compressedFiles.delete(compressedFiles.keys().next().value!);
    compressedFiles.set(key, compressed);
  }
  return compressed;
}
function maybeCompress(body: Buffer, headers: Record<string, string | string[]>, acceptEncoding: string | undefined, builtFile: boolean): Buffer {
  const type = String(headers['content-type'] ?? '');
  if (body.length < 256 || headers['content-encoding'] || !COMPRESSIBLE.test(type) || !/\bgzip\b/.test(acceptEncoding ?? '')) {
    return body;
  }
  headers['content-encoding'] = 'gzip';
  headers['vary'] = 'Accept-Encoding';
  delete headers['content-length'];
  return builtFile ? compressFile(body) : gzipSync(body);
}

const server = createServer(async (request, response) => {
  const send = async (answer: Response, status: number, builtFile: boolean) => {
    const headers: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name === 'set-cookie') return;
      headers[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    const body = maybeCompress(Buffer.from(await answer.arrayBuffer()), headers, request.headers['accept-encoding'], builtFile);
    response.writeHead(status, headers);
    response.end(body);
  };
  try {
    // /.netlify/functions/ is how the local schedule below invokes the scheduled reconciliation.
    const answeredByFunction = await handleFunction(request);
    if (answeredByFunction) {
      await send(answeredByFunction, answeredByFunction.status, false);
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
    await send(answer, notFound ? 404 : answer.status, true);
  } catch (error) {
    console.error('Request failed:', request.method, request.url, error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Internal error' }));
  }
});

const [emulators, contentEditor] = await Promise.all([emulatorsStarting, contentEditorStarting]);
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
  await Promise.allSettled([pagesChain.stop(), emulators.close(), contentEditor?.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
