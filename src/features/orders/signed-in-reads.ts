import { readRows, SUPABASE_REST } from '../../lib/browser/rest-read';
import type { SessionUser } from '../../lib/browser/stored-session';
import type { OwnOrderRows } from './order-request';
import { myOrdersRead, readOwnOrderRows, refillRemindersRead } from './own-reads';

/*
 * A signed-in customer's reads that the page's script makes itself (own-reads.ts; the head's script
 * has made the first one while the token was fresh). Loaded on demand with import(), so a guest's
 * order page never downloads them.
 */

export const readOwnOrder = (accessToken: string, orderNumber: string): Promise<OwnOrderRows | null> => readOwnOrderRows(SUPABASE_REST, accessToken, orderNumber);

export const readRefillReminders = (accessToken: string, orderId: string): Promise<unknown[]> => readRows(refillRemindersRead(orderId), accessToken);

export const readMyOrders = (user: SessionUser, page: number): Promise<unknown[]> => readRows(myOrdersRead(user.userId, page), user.accessToken);
