import { startRazorpayEmulator } from './index.ts';

/** Runs the Razorpay emulator alone with the local test keys: `npx tsx emulators/razorpay/main.ts [port]`. */
const server = await startRazorpayEmulator({
  port: Number(process.argv[2] ?? process.env.RAZORPAY_EMULATOR_PORT ?? 54330),
  keyId: process.env.RAZORPAY_KEY_ID ?? 'rzp_test_localemulator',
  keySecret: process.env.RAZORPAY_KEY_SECRET ?? 'local-razorpay-key-secret',
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? 'local-razorpay-webhook-secret',
  webhookUrl: process.env.RAZORPAY_WEBHOOK_URL ?? `${process.env.SITE_URL ?? 'http://localhost:8888'}/api/razorpay/webhook`,
});
console.log(`Razorpay emulator on ${server.url}`);
process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
