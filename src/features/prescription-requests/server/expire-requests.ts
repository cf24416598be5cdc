import { z } from 'zod';
import type { OrderDependencies } from '../../orders/server/order-dependencies';
import { sendRequestMails } from './request-messages';

/**
 * The scheduled run: proposals not approved (or approved and not paid) within 7 days expire, and
 * every request mail still waiting (the expiry mails, and any that failed before) is sent. The
 * time comes from deps.now, so a test or a local run can choose the day.
 */
export async function expireRequests(deps: OrderDependencies): Promise<{ expired: number; mailed: number }> {
  const { data, error } = await deps.db.rpc('expire_prescription_requests', { p_now: deps.now().toISOString() });
  if (error) throw new Error(`expiring prescription requests: ${error.message}`);
  const expired = z.array(z.object({ id: z.string() })).parse(data);
  const waiting = await deps.db.from('message_outbox').select('request_id').eq('channel', 'mail').is('sent_at', null).in('kind', ['request_received', 'request_proposed', 'request_rejected', 'request_expired']);
  if (waiting.error) throw new Error(`reading the message outbox: ${waiting.error.message}`);
  const requestIds = new Set([...expired.map((row) => row.id), ...z.array(z.object({ request_id: z.string() })).parse(waiting.data).map((row) => row.request_id)]);
  let mailed = 0;
  for (const requestId of requestIds) mailed += await sendRequestMails(deps, requestId);
  return { expired: expired.length, mailed };
}
