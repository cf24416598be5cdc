import type { DeskRole } from '@/domain/desk';

/*
 * The desk's top line, "Signed in as …" with Sign out: drawn in plain DOM on the desk's fast path
 * (desk-page.ts) and by the staff gate everywhere else (StaffGate.tsx).
 */

export const signedInAs = (staff: { name: string; role: DeskRole }): string => `Signed in as ${staff.name} (${staff.role})`;

export const SIGNED_IN_LINE_CLASS = 'mb-4 flex items-center justify-between text-sm text-gray-700';
export const SIGN_OUT_BUTTON_CLASS = 'rounded-md border border-gray-300 px-3 py-1 font-medium text-gray-800 hover:bg-gray-50';
