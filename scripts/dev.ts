/** Development: the emulators plus `astro dev` (hot reload; it serves netlify/functions too). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dev } from 'astro';
import { applyLocalEnv, LOCAL_PORTS } from '../emulators/local-env.ts';
import { startEmulators } from '../emulators/index.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
if (existsSync(path.join(projectRoot, '.env'))) process.loadEnvFile(path.join(projectRoot, '.env'));
const port = Number(process.env.PORT ?? LOCAL_PORTS.site);
applyLocalEnv(port);
const emulators = await startEmulators({ dataDir: path.join(projectRoot, '.data'), fresh: false });
for (const name of emulators.names) console.log(`  emulator: ${name}`);
const server = await dev({ root: projectRoot, server: { port, host: 'localhost' } });

async function stop(): Promise<void> {
  await Promise.allSettled([server.stop(), emulators.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
