/**
 * Every message the shop sends a customer, by event: the SMS text registered on the DLT portal (its
 * `{#var#}` placeholders filled in order), the WhatsApp template approved by Meta (body `{{n}}`
 * parameters and a URL button), and where its mail is written. This table is the source of truth:
 * the outbox's kinds (supabase/migrations/*_one_outbox.sql), the sender, the emulators' registered
 * templates and docs/going-live.md's registration list all come from it.
 *
 * Variables are capped so every English SMS fits one 160-character GSM-7 segment with its link
 * (messages.test.ts proves it for a site address up to SITE_URL_BUDGET characters); a longer value
 * (a medicine's name, a courier) is shortened with "..." (an ellipsis character would make it UCS-2).
 */

import { DEFAULT_LANGUAGE, type LanguageCode } from './language';
import type { MessageLanguage, MessageValueWords, MessageVariable, MessageWords } from './message-language';
import { MESSAGE_LANGUAGES } from './strings/languages/messages/index';

export type { MessageVariable } from './message-language';

export const messageChannels = ['mail', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

export const messageKinds = [
  'order_confirmation',
  'prescription_reviewed',
  'order_shipped',
  'order_delivered',
  'order_out_for_delivery',
  'order_delivery_failed',
  'order_returned_to_origin',
  'order_return_pickup',
  'order_cancelled',
  'refund_initiated',
  'refund_processed',
  'request_received',
  'request_proposed',
  'request_rejected',
  'request_expiring',
  'request_expired',
  'refill_due',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** What a message is about: its page's short link is made from it. */
export type MessageSubject = 'order' | 'request' | 'reminder';

/** The longest site origin (https://…, no trailing slash) the SMS lengths are proven for. */
export const SITE_URL_BUDGET = 30;
/** GSM-7 allows 160 characters in one SMS; UCS-2 (Devanagari) 70, or 67 a part when split. */
export const GSM7_SEGMENT = 160;
/** An SMS in another script (UCS-2) may take two parts with its link (messages.test.ts proves it). */
export const UCS2_MAX_SEGMENTS = 2;

export interface MessageDefinition {
  subject: MessageSubject;
  /** Shown on the desk beside each message sent. */
  label: string;
  /** DLT category: service-implicit needs no consent; service-explicit only what the customer asked for. */
  dltCategory: 'service-implicit' | 'service-explicit';
  /** The SMS's variables in order; the link is always last and not listed. */
  variables: readonly MessageVariable[];
  /** The registered DLT text: each {#var#} is a variable above, the last one the link. */
  sms: string;
  /** The WhatsApp template's body: {{n}} are the variables above in order (the link is the button). */
  whatsapp: string;
  /** The WhatsApp template's URL button text. */
  button: string;
}

const ORDER = { name: 'order number', max: 16 } as const;
const REQUEST = { name: 'request number', max: 16 } as const;

export const messageTable: Readonly<Record<MessageKind, MessageDefinition>> = {
  order_confirmation: {
    subject: 'order',
    label: 'Order placed',
    dltCategory: 'service-implicit',
    variables: [ORDER, { name: 'total', max: 12 }],
    sms: 'MediKart: order {#var#} is placed. Total Rs {#var#}. See your order: {#var#}',
    whatsapp: 'Thank you for your order {{1}} at MediKart. Total: Rs {{2}}. We will keep you posted here.',
    button: 'See your order',
  },
  prescription_reviewed: {
    subject: 'order',
    label: 'Prescription checked',
    dltCategory: 'service-implicit',
    variables: [ORDER, { name: 'outcome', max: 24 }],
    sms: 'MediKart: prescription for order {#var#} checked: {#var#}. {#var#}',
    whatsapp: 'Our pharmacist has checked the prescription for your order {{1}}: {{2}}.',
    button: 'See your order',
  },
  order_shipped: {
    subject: 'order',
    label: 'Shipped',
    dltCategory: 'service-implicit',
    // AWB numbers are 10-15 characters (Blue Dart, Delhivery, India Post); never shortened in practice.
    variables: [ORDER, { name: 'courier', max: 16 }, { name: 'tracking number', max: 20 }],
    sms: 'MediKart: {#var#} shipped via {#var#} AWB {#var#}. Track: {#var#}',
    whatsapp: 'Your MediKart order {{1}} has left our pharmacy with {{2}}, tracking number {{3}}. Your tax invoice is on the order page.',
    button: 'Track your order',
  },
  order_delivered: {
    subject: 'order',
    label: 'Delivered',
    dltCategory: 'service-implicit',
    variables: [ORDER],
    sms: 'MediKart: order {#var#} is delivered. Thank you! Your invoice and help: {#var#}',
    whatsapp: 'Your MediKart order {{1}} is delivered. Thank you for ordering with us.',
    button: 'See your order',
  },
  order_out_for_delivery: {
    subject: 'order',
    label: 'Out for delivery',
    dltCategory: 'service-implicit',
    variables: [ORDER],
    sms: 'MediKart: order {#var#} is out for delivery today. Keep your phone on. Track: {#var#}',
    whatsapp: 'Your MediKart order {{1}} is out for delivery today. Please keep your phone on; the courier may call you to find the address.',
    button: 'Track your order',
  },
  order_delivery_failed: {
    subject: 'order',
    label: 'Delivery failed',
    dltCategory: 'service-implicit',
    // The courier's NDR reason ("Customer not available", "Address incomplete"), shortened to fit.
    variables: [ORDER, { name: 'reason', max: 24 }],
    sms: 'MediKart: order {#var#} not delivered ({#var#}). Reattempt: {#var#}',
    whatsapp: 'The courier could not deliver your MediKart order {{1}}: {{2}}. Open your order to ask for another attempt; after 3 failed attempts it returns to us.',
    button: 'Ask for a new attempt',
  },
  order_returned_to_origin: {
    subject: 'order',
    label: 'Returned undelivered',
    dltCategory: 'service-implicit',
    variables: [ORDER],
    sms: 'MediKart: order {#var#} could not be delivered and came back to us. Details: {#var#}',
    whatsapp: 'Your MediKart order {{1}} could not be delivered and has come back to our pharmacy. Anything you paid online is refunded to your original payment method.',
    button: 'See your order',
  },
  order_return_pickup: {
    subject: 'order',
    label: 'Return pickup booked',
    dltCategory: 'service-implicit',
    variables: [ORDER, { name: 'day', max: 12 }],
    sms: 'MediKart: return pickup for order {#var#} is booked for {#var#}. Details: {#var#}',
    whatsapp: 'A courier will collect the return of your MediKart order {{1}} on {{2}}. Please keep the item unopened in its pack; the refund starts when it reaches us.',
    button: 'See your order',
  },
  order_cancelled: {
    subject: 'order',
    label: 'Cancelled',
    dltCategory: 'service-implicit',
    variables: [ORDER],
    sms: 'MediKart: order {#var#} is cancelled. Anything paid online is refunded. Details: {#var#}',
    whatsapp: 'Your MediKart order {{1}} is cancelled. Anything you paid online is being refunded to your original payment method.',
    button: 'See your order',
  },
  refund_initiated: {
    subject: 'order',
    label: 'Return received, refund started',
    dltCategory: 'service-implicit',
    variables: [ORDER],
    sms: 'MediKart: return of order {#var#} received, refund started. {#var#}',
    whatsapp: 'We have received the return of your MediKart order {{1}} and started its refund to your original payment method. We will tell you when it is done.',
    button: 'See your order',
  },
  refund_processed: {
    subject: 'order',
    label: 'Refund processed',
    dltCategory: 'service-implicit',
    variables: [ORDER],
    sms: 'MediKart: refund for order {#var#} is done; banks show it in 5-7 working days. {#var#}',
    whatsapp: 'The refund for your MediKart order {{1}} is processed to your original payment method. Banks usually show it within 5-7 working days.',
    button: 'See your order',
  },
  request_received: {
    subject: 'request',
    label: 'Prescription received',
    dltCategory: 'service-implicit',
    variables: [REQUEST],
    sms: 'MediKart: we have your prescription, request {#var#}. Prices to approve follow. {#var#}',
    whatsapp: 'We have your prescription, request {{1}}. Our pharmacist will send you the medicines and prices to approve. Nothing is charged until you approve.',
    button: 'See your request',
  },
  request_proposed: {
    subject: 'request',
    label: 'Medicines proposed',
    dltCategory: 'service-implicit',
    variables: [REQUEST],
    sms: 'MediKart: medicines for request {#var#} are ready. Approve and pay in 7 days: {#var#}',
    whatsapp: 'Your medicines for request {{1}} are ready. Approve and pay within 7 days.',
    button: 'Approve and pay',
  },
  request_rejected: {
    subject: 'request',
    label: 'Prescription not accepted',
    dltCategory: 'service-implicit',
    variables: [REQUEST],
    sms: 'MediKart: our pharmacist could not accept request {#var#}. See why: {#var#}',
    whatsapp: 'Our pharmacist could not accept your prescription for request {{1}}. Open the request to see why.',
    button: 'See why',
  },
  request_expiring: {
    subject: 'request',
    label: 'Proposal expires tomorrow',
    dltCategory: 'service-implicit',
    variables: [REQUEST],
    sms: 'MediKart: request {#var#} waits until tomorrow. Approve and pay: {#var#}',
    whatsapp: 'The medicines for request {{1}} wait for you until tomorrow. Approve and pay before then to keep them.',
    button: 'Approve and pay',
  },
  request_expired: {
    subject: 'request',
    label: 'Request expired',
    dltCategory: 'service-implicit',
    variables: [REQUEST],
    sms: 'MediKart: request {#var#} has expired. Upload your prescription again to order: {#var#}',
    whatsapp: 'Request {{1}} was not approved within 7 days, so it has expired. Upload your prescription again to order.',
    button: 'See your request',
  },
  refill_due: {
    subject: 'reminder',
    label: 'Refill reminder',
    dltCategory: 'service-explicit',
    variables: [{ name: 'medicine', max: 30 }, { name: 'day', max: 12 }],
    sms: 'MediKart: your {#var#} runs out on {#var#}. Reorder: {#var#}',
    whatsapp: 'Your {{1}} runs out on {{2}}. Reorder now so you do not miss a dose.',
    button: 'Reorder',
  },
};

/** Shortens a value to its variable's cap (DLT variables are at most 30 characters). */
export function fitVariable(value: string, variable: MessageVariable): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean.length <= variable.max ? clean : `${clean.slice(0, variable.max - 3).trimEnd()}...`;
}

const messageLanguages: ReadonlyMap<LanguageCode, MessageLanguage> = new Map(MESSAGE_LANGUAGES.map((language) => [language.code, language]));

/** The languages messages are written in: English, then each language file's. */
export const messageLanguageCodes: readonly LanguageCode[] = [DEFAULT_LANGUAGE, ...messageLanguages.keys()];

/** A language's file (its words for values and dates), or null for English and for a language without one. */
export function messageLanguage(language: LanguageCode): MessageLanguage | null {
  return messageLanguages.get(language) ?? null;
}

/** The values the shop writes into an English message. */
const ENGLISH_VALUE_WORDS: MessageValueWords = {
  orderConfirmed: 'order confirmed',
  someItemsNotAccepted: 'some items not accepted',
  ourCourier: 'our courier',
  onTheOrderPage: 'on the order page',
};

/** The words and date locale of the values a message in this language carries (English's for a language without a file). */
export function messageValueWords(language: LanguageCode): { words: MessageValueWords; locale: string } {
  const file = messageLanguages.get(language);
  return file ? { words: file.values, locale: file.locale } : { words: ENGLISH_VALUE_WORDS, locale: 'en-IN' };
}

/** A kind's words in the language its message goes out in: the customer's where the kind has words in it, else English. */
export function messageWords(kind: MessageKind, language: LanguageCode = DEFAULT_LANGUAGE): MessageWords & { language: LanguageCode; variables: readonly MessageVariable[] } {
  const words = messageLanguages.get(language)?.messages[kind];
  if (!words) return { ...messageTable[kind], language: DEFAULT_LANGUAGE };
  return { ...words, language, variables: words.variables ?? messageTable[kind].variables };
}

/** The SMS as the operator delivers it: the registered text (in the message's language) with each {#var#} filled in order. */
export function renderSms(kind: MessageKind, values: readonly string[], link: string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const words = messageWords(kind, language);
  if (values.length !== words.variables.length) throw new Error(`${kind} takes ${words.variables.length} values, not ${values.length}`);
  const filled = [...fittedValues(kind, values, language), link];
  let next = 0;
  return words.sms.replace(/\{#var#\}/g, () => filled[next++]!);
}

/**
 * The values as a channel sends them, each shortened to its cap: the WhatsApp body parameters
 * (English's caps), and the SMS's variables in the message's language (some shorter, to keep a
 * UCS-2 SMS within two parts).
 */
export function fittedValues(kind: MessageKind, values: readonly string[], language: LanguageCode = DEFAULT_LANGUAGE): string[] {
  const { variables } = messageWords(kind, language);
  return values.map((value, index) => fitVariable(value, variables[index]!));
}

// GSM 03.38 basic set; anything else (Devanagari, an ellipsis, ₹) makes the SMS UCS-2.
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€');

/** How many SMS parts a text takes: GSM-7 160 (153 a part), UCS-2 70 (67 a part). */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  const characters = [...text];
  if (characters.every((character) => GSM7.has(character) || GSM7_EXTENDED.has(character))) {
    const units = characters.reduce((sum, character) => sum + (GSM7_EXTENDED.has(character) ? 2 : 1), 0);
    return { encoding: 'GSM-7', segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** The MSG91 template name of a message (one per kind and language). */
export const smsTemplateName = (kind: MessageKind, language = 'en'): string => `medikart_${kind}_${language}`;
/** The WhatsApp template name of a message (Meta approves each language of it separately). */
export const whatsappTemplateName = (kind: MessageKind): string => `medikart_${kind}`;

/** The sign-in code SMS, sent through the same provider by Supabase Auth's Send SMS hook. */
const SIGN_IN_CODE_TEMPLATE = { name: 'medikart_sign_in_code_en', sms: '{#var#} is your MediKart sign-in code. It expires in 5 minutes. Do not share it with anyone.' } as const;

/** The sign-in code SMS in the account's language (its own DLT template), English for a language without one. */
export function signInCodeTemplate(language: LanguageCode = DEFAULT_LANGUAGE): { name: string; sms: string } {
  const text = messageLanguages.get(language)?.signInCode;
  return text ? { name: `medikart_sign_in_code_${language}`, sms: text } : SIGN_IN_CODE_TEMPLATE;
}

/** Each kind in each language it has words in (English first), as the templates are registered. */
function registeredWords(): Array<{ kind: MessageKind; language: LanguageCode; words: MessageWords }> {
  return messageLanguageCodes.flatMap((language) =>
    messageKinds.flatMap((kind) => {
      const words = messageWords(kind, language);
      return words.language === language ? [{ kind, language, words }] : [];
    }),
  );
}

/** Every registered SMS text by template name, as the DLT portal and MSG91 hold them: each kind in each of its languages. */
export function registeredSmsTemplates(): Array<{ name: string; text: string }> {
  return [
    ...registeredWords().map(({ kind, language, words }) => ({ name: smsTemplateName(kind, language), text: words.sms })),
    ...new Map(messageLanguageCodes.map((language) => signInCodeTemplate(language)).map((template) => [template.name, { name: template.name, text: template.sms }])).values(),
  ];
}

/** Every approved WhatsApp template in each of its languages (Meta's language code is the ISO 639-1 one), its URL button on the shop's own origin. */
export function registeredWhatsAppTemplates(siteUrl: string): Array<{ name: string; language: string; body: string; button: string; buttonUrl: string | null }> {
  return registeredWords().map(({ kind, language, words }) => ({ name: whatsappTemplateName(kind), language, body: words.whatsapp, button: words.button, buttonUrl: `${new URL(siteUrl).origin}/{{1}}` }));
}

/** MSG91's id of each template: locally the emulator registers each under `local-<name>`. */
export const localMsg91TemplateId = (name: string): string => `local-${name}`;
