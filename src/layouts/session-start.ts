import { SESSION_AFTER_DRAW, whenDrawnAndUsed } from '../lib/browser/session-after-draw';

/**
 * Starts a stored session: the cart sync, then the session itself (supabase-js, the header's check).
 * Loaded by start-session.ts only when a session is stored, so no other page carries it. At once, or,
 * on a page that draws the customer's data first from the stored token (session-after-draw.ts), once
 * it has drawn and the customer acts on it: a customer who opens an order from a mail on a slow
 * phone to read it neither waits behind nor pays for supabase-js.
 */
export function startStoredSession(startCartSyncOnce: () => Promise<void>): void {
  const start = () => void startCartSyncOnce().then(() => import('../features/auth/header-auth-session'));
  const waiting = document.querySelector(`[${SESSION_AFTER_DRAW}]`);
  if (!waiting) return start();
  // After the action's own response is painted; the wait for an idle moment is capped, since a busy
  // page may offer none for seconds.
  void whenDrawnAndUsed(waiting).then(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => start(), { timeout: 1000 });
    else setTimeout(start, 100);
  });
}
