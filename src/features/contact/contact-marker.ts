import { z } from 'zod';

/** localStorage key of the contact-submitted marker: JSON {submittedAt: epoch ms}. */
export const CONTACT_SUBMITTED_KEY = 'medikart-contact-submitted';
/** The thank-you panel is kept for a week after sending (spec: 604800000 ms). */
export const CONTACT_MARKER_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const markerSchema = z.object({ submittedAt: z.number().int().nonnegative() });

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberSubmission(storage: MarkerStorage, now: number): void {
  storage.setItem(CONTACT_SUBMITTED_KEY, JSON.stringify({ submittedAt: now }));
}

/**
 * Whether the thank-you panel should still show: only for a readable marker younger than the
 * lifetime. An expired or unreadable marker is deleted so it is not read again.
 */
export function hasRecentSubmission(storage: MarkerStorage, now: number): boolean {
  const stored = storage.getItem(CONTACT_SUBMITTED_KEY);
  if (stored === null) return false;
  let marker: z.infer<typeof markerSchema> | null = null;
  try {
    const parsed = markerSchema.safeParse(JSON.parse(stored));
    if (parsed.success) marker = parsed.data;
  } catch {
    marker = null;
  }
  if (marker && now - marker.submittedAt < CONTACT_MARKER_LIFETIME_MS) return true;
  storage.removeItem(CONTACT_SUBMITTED_KEY);
  return false;
}

export function forgetSubmission(storage: MarkerStorage): void {
  storage.removeItem(CONTACT_SUBMITTED_KEY);
}
