import type { DeskRole } from '../../domain/desk';
import { el } from '../../lib/browser/dom';
import { DESK_PAGE_ROLES, DESK_STAFF_SLOT } from './desk-pages';

/*
 * The desk header's sign-in state, "Signed in as …" with Sign out, and its list of pages kept to
 * the staff member's role: drawn in plain DOM on the desk's fast path (desk-page.ts) and by the
 * staff gate everywhere else (StaffGate.tsx).
 */

export const signedInAs = (staff: { name: string; role: DeskRole }): string => `Signed in as ${staff.name} (${staff.role})`;

export const SIGN_OUT_BUTTON_CLASS = 'shrink-0 whitespace-nowrap rounded-md border border-gray-300 px-3 py-1 font-medium text-gray-800 hover:bg-gray-50';

/**
 * Shows `staff` as signed in, in the header (DeskHeader.astro), with a Sign out button that calls
 * `signOut`; null shows nobody and every desk page. Returns what puts the header back to nobody.
 */
export function showStaffInHeader(staff: { name: string; role: DeskRole } | null, signOut?: (button: HTMLButtonElement) => void): () => void {
  const slot = document.querySelector(`[${DESK_STAFF_SLOT}]`);
  for (const page of document.querySelectorAll<HTMLElement>(`[${DESK_PAGE_ROLES}]`)) {
    page.hidden = staff !== null && !page.getAttribute(DESK_PAGE_ROLES)!.split(' ').includes(staff.role);
  }
  if (!staff) {
    slot?.replaceChildren();
    return () => undefined;
  }
  const button = el('button', { type: 'button', class: SIGN_OUT_BUTTON_CLASS }, 'Sign out');
  if (signOut) button.addEventListener('click', () => signOut(button));
  slot?.replaceChildren(el('span', {}, signedInAs(staff)), button);
  return () => showStaffInHeader(null);
}
