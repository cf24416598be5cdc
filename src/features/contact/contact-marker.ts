import { CONTACT_SUBMITTED_KEY } from '../../lib/browser/auth-storage';

/** The marker under CONTACT_SUBMITTED_KEY is JSON {submittedAt: epoch ms}. */
export { CONTACT_SUBMITTED_KEY };
/** The thank-you panel is kept for a week after sending (spec: 604800000 ms). */
export const CONTACT_MARKER_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberSubmission(storage: MarkerStorage, now: number): void {
  storage.setItem(CONTACT_SUBMITTED_KEY, JSON.stringify({ submittedAt: now }));
}

/** The marker's time, or null when unreadable (checked by hand: zod would triple the contact page's script). */
function submittedAtOf(stored: string): number | null {
  try {
    const marker: unknown = JSON.parse(stored);
    const submittedAt = typeof marker === 'object' && marker !== null ? (marker as { submittedAt?: unknown }).submittedAt : undefined;
    return Number.isInteger(submittedAt) && (submittedAt as number) >= 0 ? (submittedAt as number) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the thank-you panel should still show: only for a readable marker younger than the
 * lifetime. An expired or unreadable marker is deleted so it is not read again.
 */
export function hasRecentSubmission(storage: MarkerStorage, now: number): boolean {
  const stored = storage.getItem(CONTACT_SUBMITTED_KEY);
  if (stored === null) return false;
  const submittedAt = submittedAtOf(stored);
  if (submittedAt !== null && now - submittedAt < CONTACT_MARKER_LIFETIME_MS) return true;
  storage.removeItem(CONTACT_SUBMITTED_KEY);
  return false;
}

export function forgetSubmission(storage: MarkerStorage): void {
  storage.removeItem(CONTACT_SUBMITTED_KEY);
}
