import { rm } from 'node:fs/promises';
import path from 'node:path';
import { localMsg91TemplateId, registeredSmsTemplates, registeredWhatsAppTemplates } from '../src/domain/messages.ts';
import { startMailEmulator, type SentEmail } from './mail/index.ts';
import { startMsg91Emulator } from './msg91/index.ts';
import { startPhonePeEmulator } from './phonepe/index.ts';
import { startRazorpayEmulator } from './razorpay/index.ts';
import { startShiprocketEmulator } from './shiprocket/index.ts';
import { startSupabaseEmulator } from './supabase/index.ts';
import type { Outgoing } from './supabase/inbox.ts';
import { startWhatsAppEmulator } from './whatsapp/index.ts';
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
  // SMS and WhatsApp land in the same inbox; without the Supabase emulator they are only logged.
  let deliverMessage = (message: Outgoing) => console.log(`[emulators] ${message.kind} to ${message.to} (${message.subject}): ${message.text}`);
  // EMULATE_SUPABASE=false leaves 127.0.0.1:54321 to `supabase start` (same URL, same local keys).
  if (env.SUPABASE_URL === local.SUPABASE_URL && env.EMULATE_SUPABASE !== 'false') {
    const supabase = await startSupabaseEmulator({
      port: LOCAL_PORTS.supabase,
      inboxPort: LOCAL_PORTS.inbox,
      dataDir: path.join(options.dataDir, 'supabase'),
      siteUrl: env.SITE_URL ?? local.SITE_URL,
      // As supabase/config.toml's [auth.hook.send_sms]: sign-in codes go through our function and MSG91.
      sendSmsHook: { uri: `${env.SITE_URL ?? local.SITE_URL}/api/auth/send-sms`, secret: env.SEND_SMS_HOOK_SECRET ?? local.SEND_SMS_HOOK_SECRET! },
    });
    closers.push(supabase.close);
    names.push(`Supabase ${supabase.url}`, `Inbox (mail, SMS and WhatsApp) ${supabase.inboxUrl}`);
    deliverMail = (mail) => {
      for (const to of mail.to) supabase.deliverMail({ kind: 'email', to, subject: mail.subject, text: mail.text, html: mail.html });
    };
    deliverMessage = (message) => supabase.deliverMail(message);
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
  const siteUrl = env.SITE_URL ?? local.SITE_URL!;
  if (env.MSG91_API_BASE === local.MSG91_API_BASE) {
    const msg91 = await startMsg91Emulator({
      port: LOCAL_PORTS.msg91,
      authKey: env.MSG91_AUTH_KEY ?? local.MSG91_AUTH_KEY!,
      templates: registeredSmsTemplates().map((template) => ({ id: localMsg91TemplateId(template.name), text: template.text })),
      deliver: (sms) => deliverMessage({ kind: 'sms', to: sms.to, subject: 'SMS', text: sms.text }),
      webhookUrl: `${siteUrl}/api/sms/delivery-report?token=${encodeURIComponent(env.MSG91_WEBHOOK_TOKEN ?? local.MSG91_WEBHOOK_TOKEN!)}`,
    });
    closers.push(msg91.close);
    names.push(`MSG91 SMS ${msg91.url}`);
  }
  if (env.WHATSAPP_API_BASE === local.WHATSAPP_API_BASE) {
    const whatsapp = await startWhatsAppEmulator({
      port: LOCAL_PORTS.whatsapp,
      token: env.WHATSAPP_TOKEN ?? local.WHATSAPP_TOKEN!,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? local.WHATSAPP_PHONE_NUMBER_ID!,
      appSecret: env.WHATSAPP_APP_SECRET ?? local.WHATSAPP_APP_SECRET!,
      templates: registeredWhatsAppTemplates(siteUrl),
      deliver: (message) => deliverMessage({ kind: 'whatsapp', to: message.to, subject: `WhatsApp: ${message.template}`, text: message.text }),
      webhookUrl: `${siteUrl}/api/whatsapp/webhook`,
    });
    closers.push(whatsapp.close);
    names.push(`WhatsApp Cloud API ${whatsapp.url}`);
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
  if (env.SHIPROCKET_API_BASE === local.SHIPROCKET_API_BASE) {
    const shiprocket = await startShiprocketEmulator({
      port: LOCAL_PORTS.shiprocket,
      email: env.SHIPROCKET_EMAIL ?? local.SHIPROCKET_EMAIL!,
      password: env.SHIPROCKET_PASSWORD ?? local.SHIPROCKET_PASSWORD!,
      pickupLocation: env.SHIPROCKET_PICKUP_LOCATION ?? local.SHIPROCKET_PICKUP_LOCATION!,
      webhookUrl: `${siteUrl}/api/shipping/courier-updates`,
      webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN ?? local.SHIPROCKET_WEBHOOK_TOKEN!,
    });
    closers.push(shiprocket.close);
    names.push(`Shiprocket ${shiprocket.url} (walk a parcel: POST /_emulator/shipments/<AWB>/scan {"step":"out_for_delivery"})`);
  }
  return {
    names,
    async close() {
      await Promise.allSettled(closers.map((close) => close()));
    },
  };
}
