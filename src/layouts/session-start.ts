import { SESSION_AFTER_DRAW } from '@/lib/browser/session-after-draw';

/**
 * Starts a stored session: the cart sync, then the session itself (supabase-js, the header's check).
 * Loaded by start-session.ts only when a session is stored, so no other page carries it. At once, or,
 * on a page that draws the customer's data first (session-after-draw.ts), when the browser is idle
 * after the page has drawn.
 */
export function startStoredSession(startCartSyncOnce: () => Promise<void>): void {
  const start = () => void startCartSyncOnce().then(() => import('@/features/auth/header-auth-session'));
  const waiting = document.querySelector(`[${SESSION_AFTER_DRAW}]`);
  if (!waiting) return start();
  new MutationObserver((_, observer) => {
    if (waiting.hasAttribute(SESSION_AFTER_DRAW)) return;
    observer.disconnect();
    if ('requestIdleCallback' in window) requestIdleCallback(() => start());
    else setTimeout(start);
  }).observe(waiting, { attributes: true, attributeFilter: [SESSION_AFTER_DRAW] });
}
