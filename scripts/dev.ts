/** Development: the emulators plus `astro dev` (hot reload; it serves netlify/functions too). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dev } from 'astro';
import { applyLocalEnv, LOCAL_PORTS } from '../emulators/local-env.ts';
import { startEmulators } from '../emulators/index.ts';
import { startContentEditorBackend } from './content-editor-backend.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
if (existsSync(path.join(projectRoot, '.env'))) process.loadEnvFile(path.join(projectRoot, '.env'));
const port = Number(process.env.PORT ?? LOCAL_PORTS.site);
applyLocalEnv(port);
const emulators = await startEmulators({ dataDir: path.join(projectRoot, '.data'), fresh: false });
for (const name of emulators.names) console.log(`  emulator: ${name}`);
const contentEditor = await startContentEditorBackend(projectRoot).catch((error: unknown) => {
  console.error(`Content editor unavailable: ${(error as Error).message}`);
  return null;
});
if (contentEditor) console.log(`  content editor: http://localhost:${port}/admin (saves into content/ through ${contentEditor.url})`);
const server = await dev({ root: projectRoot, server: { port, host: 'localhost' } });

async function stop(): Promise<void> {
  await Promise.allSettled([server.stop(), emulators.close(), contentEditor?.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
