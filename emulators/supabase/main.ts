import { startSupabaseEmulator } from './index';

const started = performance.now();
const emulator = await startSupabaseEmulator({
  dataDir: '.data/supabase',
  port: process.env.SUPABASE_EMULATOR_PORT ? Number(process.env.SUPABASE_EMULATOR_PORT) : undefined,
});
console.log(`Supabase emulator ready in ${Math.round(performance.now() - started)} ms
  API URL:          ${emulator.url}
  Inbox URL:        ${emulator.inboxUrl}
  anon key:         ${emulator.anonKey}
  service_role key: ${emulator.serviceRoleKey}`);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
