import { startPhonePeEmulator } from './index.ts';

/** Runs the PhonePe emulator alone with the local test keys: `npx tsx emulators/phonepe/main.ts [port]`. */
const server = await startPhonePeEmulator({
  port: Number(process.argv[2] ?? process.env.PHONEPE_EMULATOR_PORT ?? 54331),
  clientId: process.env.PHONEPE_CLIENT_ID ?? 'LOCALPHONEPECLIENT',
  clientSecret: process.env.PHONEPE_CLIENT_SECRET ?? 'local-phonepe-client-secret',
  clientVersion: process.env.PHONEPE_CLIENT_VERSION ?? '1',
  webhookUrl: process.env.PHONEPE_WEBHOOK_URL ?? `${process.env.SITE_URL ?? 'http://localhost:8888'}/api/phonepe/webhook`,
  webhookUsername: process.env.PHONEPE_WEBHOOK_USERNAME ?? 'local-phonepe-webhook',
  webhookPassword: process.env.PHONEPE_WEBHOOK_PASSWORD ?? 'local-phonepe-webhook-password',
});
console.log(`PhonePe emulator on ${server.url}`);
process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
