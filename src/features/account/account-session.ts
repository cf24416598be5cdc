import type { User } from '@supabase/supabase-js';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { sendToLogin } from '../../lib/browser/send-to-login';
import { $auth, startAuthSession } from '../auth/public';
import { signInFromLink, takeAuthLink, type AuthLink } from './auth-link';

export type AccountStart =
  | { kind: 'signed-in'; user: User; arrivedBy?: string }
  | { kind: 'link-expired' }
  | { kind: 'guest' };

/**
 * What an account page starts from: a mailed link that signs the customer in (sign-up confirmation,
 * email change), the stored session, or nothing, in which case the guest goes to sign in and back.
 */
export async function startAccountPage(): Promise<AccountStart> {
  const link: AuthLink = takeAuthLink();
  if (link.kind === 'session') {
    const result = await signInFromLink(link);
    if (!result.ok) return { kind: 'link-expired' };
  } else if (!hasStoredSession()) {
    if (link.kind === 'error') return { kind: 'link-expired' };
    sendToLogin();
    return { kind: 'guest' };
  }
  await startAuthSession();
  const user = $auth.get().user;
  if (!user) {
    sendToLogin();
    return { kind: 'guest' };
  }
  return { kind: 'signed-in', user, arrivedBy: link.kind === 'session' ? link.type : link.kind === 'error' ? 'expired-link' : undefined };
}
