import { z } from 'zod';
import { MESSAGE_CHANNEL_SETTINGS, parseTemplateIds } from '../../../domain/message-settings';
import { registeredSmsTemplates } from '../../../domain/messages';
import type { Msg91Settings } from './msg91';
import type { WhatsAppSettings } from './whatsapp';

const url = (name: string) => z.url({ error: `${name} must be a URL` });

/** The providers' own APIs, where a deployment sets no base (the emulators' bases are set locally). */
export const MSG91_API = 'https://control.msg91.com';
export const WHATSAPP_API = 'https://graph.facebook.com/v26.0';

/** The message channels' variables, each optional; added to the order functions' env. */
export const messageEnvShape = {
  MSG91_AUTH_KEY: z.string().optional(),
  MSG91_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, 'MSG91_SENDER_ID must be the 6-letter DLT header').optional(),
  MSG91_TEMPLATE_IDS: z.string().optional(),
  MSG91_WEBHOOK_TOKEN: z.string().min(24, 'MSG91_WEBHOOK_TOKEN needs at least 24 characters').optional(),
  MSG91_API_BASE: url('MSG91_API_BASE').optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'WHATSAPP_PHONE_NUMBER_ID must be the number id Meta shows (digits)').optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_BASE: url('WHATSAPP_API_BASE').optional(),
  SEND_SMS_HOOK_SECRET: z.string().regex(/^v1,whsec_[A-Za-z0-9+/=]+$/, "SEND_SMS_HOOK_SECRET must be Supabase's 'v1,whsec_…' secret").optional(),
};

const messageEnvSchema = z.object(messageEnvShape);
export type MessageEnv = z.infer<typeof messageEnvSchema>;

export interface SmsChannel extends Msg91Settings {
  templateIds: Record<string, string>;
  webhookToken: string;
}

export interface PhoneChannels {
  sms: SmsChannel | null;
  whatsapp: WhatsAppSettings | null;
}

const allSet = (env: Partial<MessageEnv>, names: readonly string[]) => names.every((name) => Boolean(env[name as keyof MessageEnv]));

/** Sentences for the template ids (the partial groups are refused with the rest of the env). */
export function templateIdIssues(env: Partial<MessageEnv>): string[] {
  if (!env.MSG91_TEMPLATE_IDS) return [];
  const parsed = parseTemplateIds(env.MSG91_TEMPLATE_IDS, registeredSmsTemplates().map((template) => template.name));
  return 'problem' in parsed ? [parsed.problem] : [];
}

/** The channels this deployment has: a group left out is a channel off (null). */
export function phoneChannels(env: MessageEnv): PhoneChannels {
  const templates = env.MSG91_TEMPLATE_IDS ? parseTemplateIds(env.MSG91_TEMPLATE_IDS, registeredSmsTemplates().map((template) => template.name)) : null;
  return {
    sms:
      allSet(env, MESSAGE_CHANNEL_SETTINGS.sms) && templates && 'ids' in templates
        ? { authKey: env.MSG91_AUTH_KEY!, senderId: env.MSG91_SENDER_ID!, apiBase: env.MSG91_API_BASE ?? MSG91_API, templateIds: templates.ids, webhookToken: env.MSG91_WEBHOOK_TOKEN! }
        : null,
    whatsapp: allSet(env, MESSAGE_CHANNEL_SETTINGS.whatsapp)
      ? { token: env.WHATSAPP_TOKEN!, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!, apiBase: env.WHATSAPP_API_BASE ?? WHATSAPP_API, appSecret: env.WHATSAPP_APP_SECRET!, verifyToken: env.WHATSAPP_VERIFY_TOKEN! }
      : null,
  };
}
