import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startMailEmulator, type SentEmail } from './mail/index.ts';
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

  let deliverMail: ((mail: SentEmail) => Promise<void> | void) | null = null;
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
    deliverMail = (mail) => {
      for (const to of mail.to) supabase.deliverMail({ kind: 'email', to, subject: mail.subject, text: mail.text, html: mail.html });
    };
  }
  if (env.MAIL_API_BASE === local.MAIL_API_BASE) {
    // Without the Supabase emulator, `supabase start`'s own Mailpit on :54324 takes the mail (its send API).
    const mail = await startMailEmulator({
      port: LOCAL_PORTS.mail,
      apiKey: env.MAIL_API_KEY ?? local.MAIL_API_KEY!,
      deliver:
        deliverMail ??
        (async (sent) => {
          const response = await fetch(`http://127.0.0.1:${LOCAL_PORTS.inbox}/api/v1/send`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ From: { Email: 'orders@medikart.local' }, To: sent.to.map((Email) => ({ Email })), Subject: sent.subject, Text: sent.text, HTML: sent.html }),
          });
          if (!response.ok) throw new Error(`Mailpit answered ${response.status}`);
        }),
    });
    closers.push(mail.close);
    names.push(`Mail API ${mail.url}`);
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
