/**
 * Production-like local run: serves the built site (dist/) through Netlify's own request handling
 * (the redirect rules, headers and static lookup of @netlify/redirects, @netlify/headers and
 * @netlify/static, in the order @netlify/dev chains them) and netlify/functions routed by the paths
 * their `config` declares, with the local emulators.
 * Usage: node --import tsx scripts/serve.ts [--fresh]   (--fresh starts from empty emulator data, as tests do)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import module from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { parse as parseToml } from 'smol-toml';
import { applyLocalEnv, LOCAL_PORTS } from '../emulators/local-env.ts';
import { startEmulatorsOnThread } from '../emulators/thread.ts';
import { startContentEditorBackend, type ContentEditorBackend } from './content-editor-backend.ts';
import { functionRequest } from './function-request.ts';
import { findFunction, listLocalFunctions, type LocalFunction } from './local-functions.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
// V8's compiled code for the modules loaded below (Netlify's, the emulators', the functions') is
// kept on disk and reused by the next start.
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
// The emulators start on their own thread while this one loads the request handling and the
// functions. Built pages are answered from then on; a function call waits until the emulators are up.
const emulatorsStarting = startEmulatorsOnThread({ dataDir: path.join(projectRoot, '.data'), fresh });
const configPath = path.join(projectRoot, 'netlify.toml');
const distDir = path.join(projectRoot, 'dist');
const [{ RedirectsHandler }, { HeadersHandler }, { StaticHandler }, functions] = await Promise.all([
  import('@netlify/redirects'),
  import('@netlify/headers'),
  import('@netlify/static'),
  listLocalFunctions(projectRoot),
]);
// The rules of netlify.toml (and of a _redirects or _headers file, were there one), read as Netlify
// reads them. The headers handler would read and parse netlify.toml again for every response
// (~0.6 ms each), so it is given the file's headers, parsed once; the redirects are parsed once anyway.
const redirects = new RedirectsHandler({ configPath, configRedirects: [], projectDir: projectRoot, publicDir: distDir, jwtRoleClaim: '', jwtSecret: '' });
const { headers: configHeaders = [] } = parseToml(readFileSync(configPath, 'utf8')) as { headers?: ConstructorParameters<typeof HeadersHandler>[0]['configHeaders'] };
const headerRules = new HeadersHandler({ configHeaders, projectDir: projectRoot, publishDir: 'dist', logger: console });
const builtFiles = new StaticHandler({ directory: distDir });

type FunctionModule = { default: (request: Request, context: { waitUntil(work: Promise<unknown>): void }) => Promise<Response> | Response };
const warmInstances = new Map<string, Promise<FunctionModule>>();

/**
 * Each function runs here from its source, in this process (tsx compiles it), as a deployed instance
 * serves request after request: its module is imported once and called for every request after.
 * Nothing is bundled: the bundles Netlify deploys are measured by bench/functions.ts and checked by
 * tests/unit/production-build.test.ts.
 */
function warmInstance(func: LocalFunction): Promise<FunctionModule> {
  let instance = warmInstances.get(func.name);
  if (!instance) {
    instance = import(pathToFileURL(path.join(projectRoot, func.file)).href) as Promise<FunctionModule>;
    // A module that failed to load (a syntax error, say) is imported again on the next call.
    instance.catch(() => warmInstances.delete(func.name));
    warmInstances.set(func.name, instance);
  }
  return instance;
}

/** Work the function hands to `context.waitUntil` runs after the reply; a failure there is logged, as Netlify logs it. */
async function invoke(func: LocalFunction, request: Request): Promise<Response> {
  const context = {
    waitUntil(work: Promise<unknown>) {
      work.catch((error: unknown) => console.error(`[${func.name}] work after the reply failed:`, error));
    },
  };
  try {
    const [{ default: handler }] = await Promise.all([warmInstance(func), emulatorsStarting]);
    return await handler(request, context);
  } catch (error) {
    console.error(`[${func.name}] failed:`, error);
    return new Response(JSON.stringify({ error: 'Internal error' }), { status: 500, headers: { 'content-type': 'application/json' } });
  }
}

/**
 * Netlify's CDN keeps a function's answer that says so in Netlify-CDN-Cache-Control (the product share
 * images, the Hindi product pages drawn on request) and answers the next request for the address
 * itself, saying "hit" in Cache-Status; here too, for as long as the server runs (a deploy, like a new
 * build here, starts afresh). Bounded: the oldest go first.
 */
type KeptAnswer = { status: number; headers: [string, string][]; body: ArrayBuffer };
const cdnKept = new Map<string, KeptAnswer>();
const CDN_KEPT = 500;

async function keepAtCdn(address: string, response: Response): Promise<Response> {
  const rule = response.headers.get('netlify-cdn-cache-control') ?? '';
  if (response.status !== 200 || !/\bpublic\b/.test(rule) || !/\bmax-age=[1-9]/.test(rule)) return response;
  const kept: KeptAnswer = { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
  if (cdnKept.size >= CDN_KEPT) cdnKept.delete(cdnKept.keys().next().value!);
  cdnKept.set(address, kept);
  const first = new Response(kept.body, { status: kept.status, headers: kept.headers });
  first.headers.set('cache-status', '"Netlify Edge"; fwd=miss');
  return first;
}

function keptAnswer(kept: KeptAnswer): Response {
  const answer = new Response(kept.body, { status: kept.status, headers: kept.headers });
  answer.headers.set('cache-status', '"Netlify Edge"; hit');
  return answer;
}

type BuiltFileMatch = NonNullable<Awaited<ReturnType<typeof builtFiles.match>>>;

/** A built file's response, with the headers netlify.toml gives the path it is served at. */
async function serveFile(file: BuiltFileMatch, servedAt: Request): Promise<Response> {
  const response = await file.handle();
  await headerRules.apply(servedAt, response);
  return response;
}

async function builtFile(request: Request): Promise<Response | undefined> {
  const file = await builtFiles.match(request);
  return file && serveFile(file, request);
}

/** `status` only where it differs from the response's own. */
type Answer = { response: Response; status?: number; builtFile: boolean };

/**
 * Netlify's order: a function at a path its `config` declares (one with `preferStatic` only when no
 * built file answers), then the redirect rules (a rewrite to a function path runs the function; a
 * real file at the path wins over a rule that is not forced), then the built files, then 404.html
 * with status 404. A `status = 404` rewrite answers 404 with its target page, as Netlify's CDN does.
 */
async function answer(request: IncomingMessage, outgoing: ServerResponse): Promise<Answer> {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`);
  const method = request.method ?? 'GET';
  // Matched on method, address and headers alone: the body is read only by the function that takes it.
  const headers = Object.entries(request.headers).flatMap(([name, value]) => (value === undefined ? [] : [value].flat().map((one): [string, string] => [name, one])));
  const readRequest = new Request(url, { method, headers });
  const route = findFunction(functions, url.pathname, method);
  if (route) {
    const file = route.preferStatic ? await builtFile(readRequest) : undefined;
    if (file) return { response: file, builtFile: true };
    const kept = method === 'GET' ? cdnKept.get(url.href) : undefined;
    if (kept) return { response: keptAnswer(kept), builtFile: false };
    const response = await invoke(route.func, functionRequest(request, outgoing));
    return { response: method === 'GET' ? await keepAtCdn(url.href, response) : response, builtFile: false };
  }
  const rule = await redirects.match(readRequest);
  if (rule) {
    const target = findFunction(functions, rule.target.pathname, method);
    if (target && !target.preferStatic) return { response: await invoke(target.func, functionRequest(request, outgoing)), builtFile: false };
    let servedTarget = false;
    const response = await redirects.handle(readRequest, rule, async (candidate) => {
      const file = await builtFiles.match(candidate);
      if (!file) return undefined;
      const isTarget = new URL(candidate.url).pathname === rule.target.pathname;
      return () => {
        servedTarget = isTarget;
        return serveFile(file, isTarget ? new Request(rule.target) : candidate);
      };
    });
    if (response) return { response, status: servedTarget && rule.statusCode === 404 ? 404 : undefined, builtFile: true };
  }
  const file = await builtFile(readRequest);
  if (file) return { response: file, builtFile: true };
  // Nothing matched: Netlify serves 404.html with status 404 and the usual headers.
  const notFound = await builtFile(new Request(new URL('/404.html', url)));
  if (!notFound) throw new Error('dist/404.html is missing');
  return { response: notFound, status: 404, builtFile: true };
}

// Netlify's CDN compresses text responses, in Brotli for a browser that accepts it (every current one)
// and gzip otherwise; doing the same here keeps byte counts production-like.
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
type Encoding = 'br' | 'gzip';
/** Brotli at a CDN's on-the-fly quality (5 of 11): as fast as gzip's default, and a fifth smaller. */
const compress = (body: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
/**
 * The built files' compressed bodies, by content and encoding: each browser (every test opens a fresh
 * one) asks for the same scripts and pages again, and compressing them again each time was CPU the
 * tests waited for. Hashing a body costs a tenth of compressing it. The oldest go first past the limit.
 */
const compressedFiles = new Map<string, Buffer>();
const COMPRESSED_FILES_KEPT = 2_000;
function compressFile(body: Buffer, encoding: Encoding): Buffer {
  const key = `${encoding} ${createHash('sha1').update(body).digest('base64')}`;
  let compressed = compressedFiles.get(key);
  if (!compressed) {
    compressed = compress(body, encoding);
    if (compressedFiles.size >= COMPRESSED_FILES_KEPT) compressedFiles.delete(compressedFiles.keys().next().value!);
    compressedFiles.set(key, compressed);
  }
  return compressed;
}
function maybeCompress(body: Buffer, headers: Record<string, string | string[]>, acceptEncoding: string | undefined, builtFile: boolean): Buffer {
  const type = String(headers['content-type'] ?? '');
  const encoding: Encoding | null = /\bbr\b/.test(acceptEncoding ?? '') ? 'br' : /\bgzip\b/.test(acceptEncoding ?? '') ? 'gzip' : null;
  if (body.length < 256 || headers['content-encoding'] || !COMPRESSIBLE.test(type) || !encoding) {
    return body;
  }
  headers['content-encoding'] = encoding;
  headers['vary'] = 'Accept-Encoding';
  delete headers['content-length'];
  return builtFile ? compressFile(body, encoding) : compress(body, encoding);
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
    const { response: answered, status, builtFile: isBuiltFile } = await answer(request, response);
    await send(answered, status ?? answered.status, isBuiltFile);
  } catch (error) {
    console.error('Request failed:', request.method, request.url, error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Internal error' }));
  }
});

let contentEditorStarting: Promise<ContentEditorBackend | null> | undefined;
async function stop(): Promise<void> {
  server.close();
  // A proxy still starting is stopped once it has: its Node process would outlive this one.
  await Promise.allSettled([emulatorsStarting.then((emulators) => emulators.close()), contentEditorStarting?.then((editor) => editor?.close())]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await new Promise<void>((listening) => server.listen(port, listening));
// While the emulators start, this thread would wait: it imports the functions instead, so the first
// calls find them ready. One that fails to load is imported again, and its error shown, on its first call.
for (const func of functions) await warmInstance(func).catch(() => undefined);
const emulators = await emulatorsStarting;
console.log(`Storefront ready at http://localhost:${port}`);
for (const name of emulators.names) console.log(`  emulator: ${name}`);

/** A scheduled function, called as Netlify's scheduler calls it; a failed run is logged and the next one tries again. */
function runEvery(name: string, everyMs: number): void {
  const timer = setInterval(() => {
    fetch(`http://localhost:${port}/.netlify/functions/${name}`, { method: 'POST' })
      .then((answer) => {
        if (!answer.ok) console.error(`Scheduled ${name} answered ${answer.status}`);
      })
      .catch((error: unknown) => console.error(`Scheduled ${name} failed:`, error));
  }, everyMs);
  timer.unref();
}
const MINUTE = 60 * 1000;
// As on Netlify: the order reconciliation every 5 minutes, the prescription request expiry hourly.
runEvery('orders-reconcile', 5 * MINUTE);
runEvery('prescription-requests-expire', 60 * MINUTE);
// Netlify sends the refill reminders every morning; locally every hour (each reminder is sent once).
runEvery('refill-reminders', 60 * MINUTE);
console.log('  order reconciliation (netlify/functions/orders-reconcile.mts): every 5 minutes');

// The content editor at /admin saves into this checkout's content/ through Decap's local proxy,
// started once the shop answers (its own Node process would otherwise share the start's CPU).
contentEditorStarting = startContentEditorBackend(projectRoot).catch((error: unknown) => {
  console.error(`Content editor unavailable: ${(error as Error).message}`);
  return null;
});
const contentEditor = await contentEditorStarting;
if (contentEditor) console.log(`  content editor: http://localhost:${port}/admin (saves into content/ through ${contentEditor.url})`);
