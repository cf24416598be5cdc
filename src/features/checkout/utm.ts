import { z } from 'zod';
import { utmTouchSchema, type OrderAttribution, type UtmTouch } from '../../domain/order-attribution';

/**
 * The campaign a customer came from: the UTM parameters of the address they landed on. Kept in
 * this browser only (localStorage), first and last touch for 30 days, and sent with the order they
 * place; nothing leaves the site otherwise, so no cookie banner is needed.
 */
export const UTM_STORAGE_KEY = 'utm';
export const UTM_KEEP_DAYS = 30;
const KEEP_MS = UTM_KEEP_DAYS * 24 * 60 * 60 * 1000;
const MAX_LENGTH = 100;

const storedTouchSchema = utmTouchSchema.extend({ at: z.number().int().nonnegative() });
export const storedTouchesSchema = z.object({ first: storedTouchSchema, last: storedTouchSchema });
export type StoredTouches = z.output<typeof storedTouchesSchema>;


/** The UTM parameters of a landing address, or null when it carries none. Over-long values are cut, not refused. */
export function touchFromUrl(url: URL): UtmTouch | null {
  const touch: UtmTouch = {};
  for (const field of ['source', 'medium', 'campaign'] as const) {
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

/** Reads the stored touches, treating anything unreadable as none. */
export function readStoredTouches(text: string | null): StoredTouches | null {
  if (!text) return null;
  try {
    const parsed = storedTouchesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
