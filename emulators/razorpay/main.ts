import { LOCAL_PORTS, localEnv } from '../local-env.ts';
import { startRazorpayEmulator } from './index.ts';

/** Runs the Razorpay emulator alone with the local test keys: `npx tsx emulators/razorpay/main.ts [port]`. */
const local = localEnv();
const env = process.env;
const server = await startRazorpayEmulator({
  port: Number(process.argv[2] ?? env.RAZORPAY_EMULATOR_PORT ?? LOCAL_PORTS.razorpay),
  keyId: env.RAZORPAY_KEY_ID ?? local.RAZORPAY_KEY_ID!,
  keySecret: env.RAZORPAY_KEY_SECRET ?? local.RAZORPAY_KEY_SECRET!,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? local.RAZORPAY_WEBHOOK_SECRET!,
  webhookUrl: env.RAZORPAY_WEBHOOK_URL ?? `${env.SITE_URL ?? local.SITE_URL}/api/razorpay/webhook`,
});
console.log(`Razorpay emulator on ${server.url}`);
process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
