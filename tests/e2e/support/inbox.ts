import { createClient } from '@supabase/supabase-js';
import { expect } from '@playwright/test';
import { localEnv } from '../../../emulators/local-env';
import { anonKey } from '../../../emulators/supabase/jwt';

/** The local mail and SMS inbox (Mailpit's address and read API, as with `supabase start`). */
export const INBOX_URL = 'http://127.0.0.1:54324';

type Summary = { ID: string; Subject: string; Created: string };
type Message = Summary & { Text: string; HTML: string };

/** The newest message to an address that matches, waiting for it to arrive. */
async function messageTo(address: string, matches: (message: Summary) => boolean, description: string): Promise<Message> {
  let found: Summary | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${INBOX_URL}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
      found = ((await response.json()) as { messages: Summary[] }).messages.find(matches);
      return found !== undefined;
    }, { message: description })
    .toBe(true);
  return (await (await fetch(`${INBOX_URL}/api/v1/message/${found!.ID}`)).json()) as Message;
}

/** The newest message to an address (and, given `after`, other than that one). */
export const latestMessageTo = (address: string, after?: string): Promise<Message> =>
  messageTo(address, (message) => !after || message.ID !== after, `a new message to ${address}`);

/** The message to an address with this subject. */
export const messageWithSubject = (address: string, subject: string): Promise<Message> =>
  messageTo(address, (message) => message.Subject === subject, `a mail to ${address} with the subject '${subject}'`);

/** The 6-digit code of the newest SMS to a number. */
export async function smsCode(phone: string, after?: string): Promise<{ code: string; id: string }> {
  const message = await latestMessageTo(phone, after);
  return { code: message.Text.match(/\b(\d{6})\b/)![1]!, id: message.ID };
}

export const uniqueEmail = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.test`;
/** A 10-digit Indian mobile number unlikely to be used by another test (codes are limited per number). */
export const uniqueMobile = () => `9${String(Date.now()).slice(-9)}`;

/** A confirmed customer created the way the sign-up page does it, with the mailed link followed. */
export async function createConfirmedCustomer(name: string, password = 'Pune2026pass'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/[^a-z]+/g, '.'));
  const supabase = createClient(localEnv().SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await supabase.auth.signUp({ email, password, options: { data: { full_name: name } } });
  if (error) throw new Error(error.message);
  const link = (await latestMessageTo(email)).Text.match(/https?:\/\/\S+/)![0];
  const confirmed = await fetch(link, { redirect: 'manual' });
  expect(confirmed.headers.get('location')).toContain('access_token=');
  return { email, password };
}

/**
 * A confirmed customer whose mobile number is confirmed too (changed and verified by SMS, as the
 * account page does), so the number signs in by code; with the id of the last SMS it was sent.
 */
export async function createCustomerWithMobile(name: string): Promise<{ email: string; password: string; mobile: string; lastSmsId: string }> {
  const customer = await createConfirmedCustomer(name);
  const mobile = uniqueMobile();
  const supabase = createClient(localEnv().SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const signedIn = await supabase.auth.signInWithPassword(customer);
  if (signedIn.error) throw new Error(signedIn.error.message);
  const asked = await supabase.auth.updateUser({ phone: `+91${mobile}` });
  if (asked.error) throw new Error(asked.error.message);
  const { code, id } = await smsCode(`+91${mobile}`);
  const verified = await supabase.auth.verifyOtp({ phone: `+91${mobile}`, token: code, type: 'phone_change' });
  if (verified.error) throw new Error(verified.error.message);
  return { ...customer, mobile, lastSmsId: id };
}
