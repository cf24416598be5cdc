import { isStaffRole } from '../../domain/desk';
import { el } from '../../lib/browser/dom';
import { sessionAccessToken } from '../../lib/browser/session-token';
import { drawDeskQueues } from './desk-queues';
import { freshStoredStaff } from './stored-staff';
import { showStaffInHeader } from './signed-in-line';

/** The staff gate (React and supabase-js): signing in, a customer, marketing, or a token to renew. */
function showGate(holder: HTMLElement): void {
  void import('./desk-gate').then((gate) => gate.mountDeskGate(holder));
}

/**
 * /desk. A pharmacist or support member whose stored token is fresh gets the queues at once, drawn in
 * plain DOM from the reads the head's script started (desk-early-request.ts), and their sign-in in
 * the desk's header: no React, no supabase-js until they act. Everyone else gets the staff gate,
 * which signs in and then draws the same queues.
 */
export function showDesk(holder: HTMLElement): void {
  const staff = freshStoredStaff();
  if (!staff || !isStaffRole(staff.role)) return showGate(holder);
  const queues = el('div');
  holder.replaceChildren(queues);
  const { stop } = drawDeskQueues(queues, staff.role, staff.accessToken, sessionAccessToken);
  showStaffInHeader(staff, async (signOut) => {
    signOut.disabled = true;
    stop();
    const { loadSupabase } = await import('../../lib/browser/load-supabase');
    await (await loadSupabase()).auth.signOut();
    showStaffInHeader(null);
    showGate(holder);
  });
}
