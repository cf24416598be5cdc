import type { MessageKind } from '../../../domain/messages';
import type { ComposedMessage, MessageContext } from './message-types';
import { composeOrderMessage, type OrderMessageKind } from './order-messages';
import { composeRefillMessage } from './refill-messages';
import { composeRequestMessage, type RequestMessageKind } from './request-messages';

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

