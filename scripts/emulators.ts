/** Only the emulators, for developers who run the site some other way. */
import path from 'node:path';
import { applyLocalEnv } from '../emulators/local-env.ts';
import { startEmulators } from '../emulators/index.ts';

applyLocalEnv();
const emulators = await startEmulators({
  dataDir: path.resolve(import.meta.dirname, '..', '.data'),
  fresh: process.argv.includes('--fresh'),
});
for (const name of emulators.names) console.log(`emulator: ${name}`);
process.on('SIGINT', async () => {
  await emulators.close();
  process.exit(0);
});
