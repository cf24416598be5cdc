import { deskRoles, type DeskRole } from '../../domain/desk';
import { storedSessionText } from '../../lib/browser/auth-storage';
import { freshSession, isObject, parseStoredSession, type SessionUser } from '../../lib/browser/stored-session';

/** Who works at the desk: the role Supabase Auth's app_metadata gives them (`npm run staff`) and the name shown. */
export interface DeskStaff {
  role: DeskRole;
  name: string;
}

const isDeskRole = (value: unknown): value is DeskRole => deskRoles.some((role) => role === value);

/**
 * The desk role and name a signed-in user carries, or null for a customer. Only app_metadata counts:
 * a user cannot write it (user_metadata they can). Written by hand, not with zod: the desk's inline
 * head script uses it too. The database's RLS and the desk functions check the role again.
 */
export function staffOfUser(user: unknown): DeskStaff | null {
  if (!isObject(user) || !isObject(user.app_metadata) || !isDeskRole(user.app_metadata.role)) return null;
  const { role, staff_name: staffName } = user.app_metadata;
  return { role, name: typeof staffName === 'string' && staffName ? staffName : typeof user.email === 'string' && user.email ? user.email : 'Staff' };
}

/** The stored session (supabase-js's JSON) of a desk member while its token is fresh; null for anyone else or a token near its end. */
export function freshStaffSessionOf(stored: string | null, nowMs: number): (SessionUser & DeskStaff) | null {
  const session = parseStoredSession(stored);
  const fresh = freshSession(session, nowMs);
  const staff = fresh && isObject(session) ? staffOfUser(session.user) : null;
  return fresh && staff ? { ...fresh, ...staff } : null;
}

/** This browser's desk member while the stored token is fresh (read where supabase-js keeps it). */
export function freshStoredStaff(nowMs = Date.now()): (SessionUser & DeskStaff) | null {
  return freshStaffSessionOf(storedSessionText(), nowMs);
}
