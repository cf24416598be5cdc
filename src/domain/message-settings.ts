/**
 * The settings each message channel needs, as a group (names only, never values), like the payment
 * methods' secrets: a group left out switches its channel off and a group set in part is refused
 * by name at build (src/lib/production-env.ts) and when a function starts. Mail is always on.
 */
export const MESSAGE_CHANNEL_SETTINGS = {
  /** MSG91: the auth key, the DLT sender ID (header), each template's MSG91 id, and the delivery-report URL's token. */
  sms: ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_TEMPLATE_IDS', 'MSG91_WEBHOOK_TOKEN'],
  /** Meta's WhatsApp Cloud API: the system user's token, the sending number's id, the app secret that signs webhooks, the handshake token. */
  whatsapp: ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'],
} as const;
export type PhoneChannel = keyof typeof MESSAGE_CHANNEL_SETTINGS;

/** Supabase Auth's Send SMS hook secret ('v1,whsec_…'): sign-in codes go through MSG91 too when set. */
export const SEND_SMS_HOOK_SETTINGS = ['SEND_SMS_HOOK_SECRET'] as const;

/** One sentence per channel group set in part: the variables it still needs. */
export function partialChannelIssues(present: Readonly<Record<string, string | undefined>>): string[] {
  return Object.values(MESSAGE_CHANNEL_SETTINGS).flatMap((names) => {
    const missing = names.filter((name) => !present[name]);
    return missing.length > 0 && missing.length < names.length ? missing.map((name) => `${name} is not set`) : [];
  });
}

/**
 * MSG91_TEMPLATE_IDS: `name=id` pairs, comma-separated, one per registered SMS template
 * (src/domain/messages.ts names them). Returns the map, or the sentence saying what is wrong.
 */
export function parseTemplateIds(value: string, names: readonly string[]): { ids: Record<string, string> } | { problem: string } {
  const ids: Record<string, string> = {};
  for (const pair of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [name, id, ...rest] = pair.split('=').map((part) => part.trim());
    if (!name || !id || rest.length > 0) return { problem: `MSG91_TEMPLATE_IDS has "${pair}", not name=id` };
    ids[name] = id;
  }
  const missing = names.filter((name) => !ids[name]);
  if (missing.length > 0) return { problem: `MSG91_TEMPLATE_IDS has no id for ${missing.join(', ')}` };
  return { ids };
}
