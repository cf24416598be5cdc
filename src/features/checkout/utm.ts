import type { OrderAttribution, UtmTouch } from '../../domain/order-attribution';

/**
 * The campaign a customer came from: the UTM parameters of the address they landed on. Kept in
 * this browser only (localStorage), first and last touch for 30 days, and sent with the order they
 * place; nothing leaves the site otherwise, so no cookie banner is needed.
 *
 * No zod here: every page's first inline script keeps the landing's touch through this module
 * (utm-landing.ts), before any module script loads, so it checks what it reads by hand, to the
 * rules of the domain's utmTouchSchema (utm.test.ts holds the two to the same answers).
 */
export const UTM_STORAGE_KEY = 'utm';
export const UTM_KEEP_DAYS = 30;
const KEEP_MS = UTM_KEEP_DAYS * 24 * 60 * 60 * 1000;
const MAX_LENGTH = 100;
const UTM_FIELDS = ['source', 'medium', 'campaign'] as const;

type StoredTouch = UtmTouch & { at: number };
/** What localStorage `utm` holds: the first and last touch, each with the time it was made (ms since the epoch). */
export type StoredTouches = { first: StoredTouch; last: StoredTouch };

/** The UTM parameters of a landing address, or null when it carries none. Over-long values are cut, not refused. */
export function touchFromUrl(url: URL): UtmTouch | null {
  const touch: UtmTouch = {};
  for (const field of UTM_FIELDS) {
    const value = url.searchParams.get(`utm_${field}`)?.trim().slice(0, MAX_LENGTH);
    if (value) touch[field] = value;
  }
  return touch.source || touch.campaign ? touch : null;
}

/** The touches after landing with `touch` at `now`: a first touch older than 30 days gives way to this one. */
export function rememberTouch(stored: StoredTouches | null, touch: UtmTouch, now: number): StoredTouches {
  const last = { ...touch, at: now };
  const first = stored && now - stored.first.at <= KEEP_MS ? stored.first : last;
  return { first, last };
}

/** The attribution an order placed at `now` carries, or null when the customer came from no campaign in the last 30 days. */
export function attributionAt(stored: StoredTouches | null, now: number): OrderAttribution | null {
  if (!stored || now - stored.last.at > KEEP_MS) return null;
  const strip = ({ at: _at, ...touch }: StoredTouches['first']): UtmTouch => touch;
  return { first: strip(now - stored.first.at <= KEEP_MS ? stored.first : stored.last), last: strip(stored.last) };
}

/** A stored touch as utmTouchSchema reads it (each value 1-100 characters once trimmed) with a whole `at`, or null. */
function readTouch(value: unknown): StoredTouch | null {
  const fields = value as Record<string, unknown> | null | undefined;
  const at = fields?.at;
  // Anything but a whole number of ms (a missing field, a string, an array's .at) fails here.
  if (!Number.isSafeInteger(at) || (at as number) < 0) return null;
  const touch: StoredTouch = { at: at as number };
  for (const field of UTM_FIELDS) {
    const text = fields![field];
    if (text === undefined) continue;
    const trimmed = typeof text === 'string' ? text.trim() : '';
    if (!trimmed || trimmed.length > MAX_LENGTH) return null;
    touch[field] = trimmed;
  }
  return touch;
}

/** Reads the stored touches, treating anything unreadable as none. */
export function readStoredTouches(text: string | null): StoredTouches | null {
  try {
    // Nothing stored, or not JSON, or JSON that is not an object: thrown here, and none.
    const stored = JSON.parse(text!) as { first?: unknown; last?: unknown };
    const first = readTouch(stored.first);
    const last = readTouch(stored.last);
    return first && last ? { first, last } : null;
  } catch {
    return null;
  }
}

/** Keeps the campaign of the address the page was opened at, if it carries one (utm-landing.ts runs this in every page's head). */
export function rememberLanding(href: string, storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): void {
  const touch = touchFromUrl(new URL(href));
  if (touch) storage.setItem(UTM_STORAGE_KEY, JSON.stringify(rememberTouch(readStoredTouches(storage.getItem(UTM_STORAGE_KEY)), touch, now)));
}

/** The attribution of an order placed now in this browser, for the create-order request; none outside a browser. */
export function storedAttribution(now: number = Date.now()): OrderAttribution | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  try {
    return attributionAt(readStoredTouches(localStorage.getItem(UTM_STORAGE_KEY)), now) ?? undefined;
  } catch {
    return undefined;
  }
}
