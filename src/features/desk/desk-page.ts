import { isStaffRole } from '@/domain/desk';
import { el } from '@/lib/browser/dom';
import { noteFirstAction, pageDrawn } from '@/lib/browser/session-after-draw';
import { sessionAccessToken } from '@/lib/browser/session-token';
import { drawDeskQueues } from './desk-queues';
import { freshStoredStaff } from './stored-staff';
import { SIGN_OUT_BUTTON_CLASS, SIGNED_IN_LINE_CLASS, signedInAs } from './signed-in-line';

/** The staff gate (React and supabase-js): signing in, a customer, marketing, or a token to renew. */
function showGate(holder: HTMLElement): void {
  void import('./desk-gate').then((gate) => gate.mountDeskGate(holder));
}

/**
 * /desk. A pharmacist or support member whose stored token is fresh gets the queues at once, drawn in
 * plain DOM from the reads the head's script started (desk-early-request.ts): no React, no
 * supabase-js until they act. Everyone else gets the staff gate, which signs in and then draws the
 * same queues.
 */
export function showDesk(holder: HTMLElement): void {
  noteFirstAction(holder);
  const staff = freshStoredStaff();
  if (!staff || !isStaffRole(staff.role)) {
    pageDrawn(holder);
    return showGate(holder);
  }
  const queues = el('div');
  const signOut = el('button', { type: 'button', class: SIGN_OUT_BUTTON_CLASS }, 'Sign out');
  holder.replaceChildren(
    el('div', {}, el('p', { class: SIGNED_IN_LINE_CLASS }, el('span', {}, signedInAs(staff)), signOut), queues),
  );
  const { drawn, stop } = drawDeskQueues(queues, staff.role, staff.accessToken, sessionAccessToken);
  void drawn.then(() => pageDrawn(holder));
  signOut.addEventListener('click', async () => {
    signOut.disabled = true;
    stop();
    const { loadSupabase } = await import('@/lib/browser/load-supabase');
    await (await loadSupabase()).auth.signOut();
    showGate(holder);
  });
}
