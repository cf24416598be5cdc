import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startPhonePeEmulator } from './phonepe/index.ts';
import { startRazorpayEmulator } from './razorpay/index.ts';
import { startSupabaseEmulator } from './supabase/index.ts';
import { LOCAL_PORTS, localEnv } from './local-env.ts';

export interface RunningEmulators {
  names: string[];
  close(): Promise<void>;
}

/**
 * Starts the emulator of every outside service that the environment still points at locally;
 * a service configured with a real URL is left alone, so the same command works against real keys.
 */
export async function startEmulators(options: { dataDir: string; fresh: boolean }): Promise<RunningEmulators> {
  const local = localEnv();
  const env = process.env;
  const closers: Array<() => Promise<void>> = [];
  const names: string[] = [];
  if (options.fresh) await rm(options.dataDir, { recursive: true, force: true });

  // EMULATE_SUPABASE=false leaves 127.0.0.1:54321 to `supabase start` (same URL, same local keys).
  if (env.SUPABASE_URL === local.SUPABASE_URL && env.EMULATE_SUPABASE !== 'false') {
    const supabase = await startSupabaseEmulator({
      port: LOCAL_PORTS.supabase,
      inboxPort: LOCAL_PORTS.inbox,
      dataDir: path.join(options.dataDir, 'supabase'),
      siteUrl: env.SITE_URL ?? local.SITE_URL,
    });
    closers.push(supabase.close);
    names.push(`Supabase ${supabase.url}`, `Inbox (mail and SMS) ${supabase.inboxUrl}`);
  }
  if (env.RAZORPAY_API_BASE === local.RAZORPAY_API_BASE) {
    const razorpay = await startRazorpayEmulator({
      port: LOCAL_PORTS.razorpay,
      keyId: env.RAZORPAY_KEY_ID ?? local.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET ?? local.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? local.RAZORPAY_WEBHOOK_SECRET!,
      webhookUrl: `${env.SITE_URL ?? local.SITE_URL}/api/razorpay/webhook`,
    });
    closers.push(razorpay.close);
    names.push(`Razorpay ${razorpay.url}`);
  }
  if (env.PHONEPE_PG_BASE === local.PHONEPE_PG_BASE) {
    const phonepe = await startPhonePeEmulator({
      port: LOCAL_PORTS.phonepe,
      clientId: env.PHONEPE_CLIENT_ID ?? local.PHONEPE_CLIENT_ID!,
      clientSecret: env.PHONEPE_CLIENT_SECRET ?? local.PHONEPE_CLIENT_SECRET!,
      clientVersion: env.PHONEPE_CLIENT_VERSION ?? local.PHONEPE_CLIENT_VERSION!,
      webhookUrl: `${env.SITE_URL ?? local.SITE_URL}/api/phonepe/webhook`,
      webhookUsername: env.PHONEPE_WEBHOOK_USERNAME ?? local.PHONEPE_WEBHOOK_USERNAME!,
      webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD ?? local.PHONEPE_WEBHOOK_PASSWORD!,
    });
    closers.push(phonepe.close);
    names.push(`PhonePe ${phonepe.url}`);
  }
  return {
    names,
    async close() {
      await Promise.allSettled(closers.map((close) => close()));
    },
  };
}
