import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { DeskRole } from '../../domain/desk';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { staffOfUser } from './stored-staff';

export const STAFF_ONLY_MESSAGE = 'This area is for pharmacy staff.';

export interface StaffSession {
  client: SupabaseClient;
  session: Session;
  role: DeskRole;
  name: string;
}

/** The signed-in staff member, 'customer' for anyone else signed in, or null for a guest. */
export async function currentStaff(): Promise<StaffSession | 'customer' | null> {
  const client = await loadSupabase();
  const { data } = await client.auth.getSession();
  if (!data.session) return null;
  const staff = staffOfUser(data.session.user);
  return staff ? { client, session: data.session, ...staff } : 'customer';
}

export async function staffSignIn(email: string, password: string): Promise<StaffSession | 'customer' | { error: string }> {
  const client = await loadSupabase();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) return { error: 'Email or password is incorrect.' };
  const staff = await currentStaff();
  return staff ?? { error: 'Email or password is incorrect.' };
}

const refusalSchema = z.object({ error: z.string() });

/** Calls a desk function as the signed-in staff member; the answer's sentence on refusal. */
export async function deskCall(staff: StaffSession, path: string, body: unknown): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; message: string }> {
  const { data } = await staff.client.auth.getSession();
  const token = data.session?.access_token ?? staff.session.access_token;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json();
    if (response.ok) return { ok: true, value: json as Record<string, unknown> };
    const refusal = refusalSchema.safeParse(json);
    return { ok: false, message: refusal.success ? refusal.data.error : 'Something went wrong. Please try again.' };
  } catch {
    return { ok: false, message: 'The desk could not reach the server. Check the connection and try again.' };
  }
}
