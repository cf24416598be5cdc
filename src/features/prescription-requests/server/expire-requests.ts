import { z } from 'zod';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import { sendWaitingMessages } from '../../messages/server/public';

/**
 * The scheduled run: proposals not approved (or approved and not paid) within 7 days expire, those
 * lapsing within a day get their reminder (once), and every message still waiting (these, and any
 * that failed before) is sent. The time comes from deps.now, so a test or a local run can choose the day.
 */
export async function expireRequests(deps: ServerDependencies): Promise<{ expired: number; expiring: number; sent: number }> {
  const { data, error } = await deps.db.rpc('expire_prescription_requests', { p_now: deps.now().toISOString() });
  if (error) throw new Error(`expiring prescription requests: ${error.message}`);
  const expired = z.array(z.object({ id: z.string() })).parse(data);
  const expiring = await deps.db.rpc('queue_expiring_requests', { p_now: deps.now().toISOString() });
  if (expiring.error) throw new Error(`queueing the expiry reminders: ${expiring.error.message}`);
  const sent = await sendWaitingMessages(deps);
  return { expired: expired.length, expiring: z.number().parse(expiring.data), sent };
}
