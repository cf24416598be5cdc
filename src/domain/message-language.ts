import type { LanguageCode } from './language';

/*
 * The shape of a language the shop's messages are written in besides English. English is
 * messages.ts's own table (the spec's text); each other language is one file in
 * src/domain/strings/languages/messages/, beside its pages' strings table, listed in that folder's
 * index (the functions are bundled without Vite, so nothing gathers the files by itself).
 */

/** A value an SMS carries, and the longest sent (a longer one is shortened to fit). */
export interface MessageVariable {
  name: string;
  max: number;
}

/** A message kind's words in one language: the DLT SMS text, the WhatsApp template's body and its URL button. */
export interface MessageWords {
  /** The DLT text: one {#var#} per variable of the kind, in the English table's order, then the link. */
  sms: string;
  /** The WhatsApp template's body: {{n}} are the variables in order (the link is the button). */
  whatsapp: string;
  /** The URL button's text (Meta allows 25 characters). */
  button: string;
  /** Shorter caps than English's, in the same order, where this language's SMS needs them to keep within two parts. */
  variables?: readonly MessageVariable[];
}

/** The words of the values the shop itself writes into an SMS or WhatsApp message. */
export interface MessageValueWords {
  /** Prescription checked: every line accepted. */
  orderConfirmed: string;
  /** Prescription checked: a line was not accepted. */
  someItemsNotAccepted: string;
  /** Shipped without a courier's name. */
  ourCourier: string;
  /** Shipped without a tracking number. */
  onTheOrderPage: string;
}

export interface MessageLanguage {
  code: LanguageCode;
  /** The Intl locale its dates are written in. */
  locale: string;
  /** By message kind (messages.ts's kinds); a kind left out goes out in English. */
  messages: Readonly<Record<string, MessageWords>>;
  values: MessageValueWords;
}
