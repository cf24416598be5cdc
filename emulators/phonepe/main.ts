import { LOCAL_PORTS, localEnv } from '../local-env.ts';
import { startPhonePeEmulator } from './index.ts';

/** Runs the PhonePe emulator alone with the local test keys: `npx tsx emulators/phonepe/main.ts [port]`. */
const local = localEnv();
const env = process.env;
const server = await startPhonePeEmulator({
  port: Number(process.argv[2] ?? env.PHONEPE_EMULATOR_PORT ?? LOCAL_PORTS.phonepe),
  clientId: env.PHONEPE_CLIENT_ID ?? local.PHONEPE_CLIENT_ID!,
  clientSecret: env.PHONEPE_CLIENT_SECRET ?? local.PHONEPE_CLIENT_SECRET!,
  clientVersion: env.PHONEPE_CLIENT_VERSION ?? local.PHONEPE_CLIENT_VERSION!,
  webhookUrl: env.PHONEPE_WEBHOOK_URL ?? `${env.SITE_URL ?? local.SITE_URL}/api/phonepe/webhook`,
  webhookUsername: env.PHONEPE_WEBHOOK_USERNAME ?? local.PHONEPE_WEBHOOK_USERNAME!,
  webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD ?? local.PHONEPE_WEBHOOK_PASSWORD!,
});
console.log(`PhonePe emulator on ${server.url}`);
process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
