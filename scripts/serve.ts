/**
 * Production-like local run: serves the built site (dist/) and netlify/functions through Netlify's
 * own request chain (@netlify/dev: redirects, headers, functions), with the local emulators.
 * Usage: tsx scripts/serve.ts [--fresh]   (--fresh starts from empty emulator data, as tests do)
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { applyLocalEnv, LOCAL_PORTS } from '../emulators/local-env.ts';
import { startEmulators } from '../emulators/index.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? LOCAL_PORTS.site);
const fresh = process.argv.includes('--fresh');

if (!existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first (npm start does both).');
  process.exit(1);
}

applyLocalEnv(port);
const emulators = await startEmulators({ dataDir: path.join(projectRoot, '.data'), fresh });

const netlify = new NetlifyDev({
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
});
await netlify.start();
const notFoundPage = await readFile(path.join(projectRoot, 'dist', '404.html'));

const server = createServer(async (request, response) => {
  try {
    const result = await netlify.handleAndIntrospectNodeRequest(request);
    if (!result) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(notFoundPage);
      return;
    }
    const { response: answer } = result;
    const headers: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (name === 'set-cookie') return;
      headers[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    response.writeHead(answer.status, headers);
    response.end(Buffer.from(await answer.arrayBuffer()));
  } catch (error) {
    console.error('Request failed:', request.method, request.url, error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Internal error' }));
  }
});

server.listen(port, () => {
  console.log(`Storefront ready at http://localhost:${port}`);
  for (const name of emulators.names) console.log(`  emulator: ${name}`);
});

async function stop(): Promise<void> {
  server.close();
  await Promise.allSettled([netlify.stop(), emulators.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
