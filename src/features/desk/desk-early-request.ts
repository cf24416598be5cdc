import { isStaffRole } from '../../domain/desk';
import type { RestTarget } from '../../lib/browser/rest-request';
import { leaveEarlyQueueReads, startQueueReads } from './queue-reads';
import { freshStoredStaff } from './stored-staff';

/*
 * Inline in the head of /desk (desk-early-integration.ts): a pharmacist or support member whose stored
 * token is fresh has the queue's first reads on their way while the page and its script still arrive.
 * Anyone else (signed out, a customer, marketing, a token near its end) is left to the page's script.
 */
const tag = document.currentScript?.dataset;
const rest: RestTarget | null = tag?.supabaseUrl && tag.anonKey ? { supabaseUrl: tag.supabaseUrl, anonKey: tag.anonKey } : null;
const staff = freshStoredStaff();
if (rest && staff && isStaffRole(staff.role)) {
  leaveEarlyQueueReads(startQueueReads(rest, staff.accessToken, staff.role === 'pharmacist'));
}
