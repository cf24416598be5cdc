import type { SupabaseClient } from '@supabase/supabase-js';
import type { MessageKind } from '../../../domain/messages';
import type { PaymentProviders } from '../../checkout/server/public';
import type { ComposedMail } from './mail';
import { composeOrderMessage, type OrderMessageKind } from './order-messages';
import { composeRefillMessage } from './refill-messages';
import { composeRequestMessage, type RequestMessageKind } from './request-messages';

/** What composing a message reads from: the database, the links' secret and site, and the payment rules. */
export interface MessageContext {
  db: SupabaseClient;
  env: { ORDER_LINK_SECRET: string; SITE_URL: string };
  providers: PaymentProviders;
}

/** One event's message, ready for any channel: the mail, and the SMS/WhatsApp variables with the short link. */
export interface ComposedMessage {
  email: string | null;
  mobile: string | null;
  mail(): ComposedMail;
  /** messageTable[kind].variables, in order (the link is not one of them). */
  phoneValues: string[];
  shortLink: string;
}

export interface OutboxSubject {
  kind: MessageKind;
  order_id: string | null;
  request_id: string | null;
  reminder_id: string | null;
  due_for: string | null;
}

/** The message for an outbox row, read fresh (the order's state when it goes out); null when there is nothing to send any more. */
export async function composeMessage(context: MessageContext, row: OutboxSubject): Promise<ComposedMessage | null> {
  if (row.kind === 'refill_due') return composeRefillMessage(context, row.reminder_id!, row.due_for!);
  if (row.request_id) return composeRequestMessage(context, row.kind as RequestMessageKind, row.request_id);
  return composeOrderMessage(context, row.kind as OrderMessageKind, row.order_id!);
}
