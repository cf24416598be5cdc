import type { SupabaseClient } from '@supabase/supabase-js';
import type { LanguageCode } from '../../../domain/language';
import type { PaymentProviders } from '../../checkout/server/public';
import type { ComposedMail } from './mail';

/** What composing a message reads from: the database, the links' secret and site, and the payment rules. */
export interface MessageContext {
  db: SupabaseClient;
  env: { ORDER_LINK_SECRET: string; SITE_URL: string };
  providers: PaymentProviders;
}

/** One event's message, ready for any channel: the mail, and the SMS/WhatsApp variables with the short link. */
export interface ComposedMessage {
  /** The language it goes out in: its order's (or request's) where the kind has words in it, else English. */
  language: LanguageCode;
  email: string | null;
  mobile: string | null;
  mail(): ComposedMail;
  /** messageTable[kind].variables, in order (the link is not one of them). */
  phoneValues: string[];
  shortLink: string;
}
