import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../emulators/supabase/index';

/**
 * The account life cycle as supabase-js drives it, against the emulator and its Mailpit-style inbox:
 * the same calls and the same inbox reads work against `supabase start`.
 */
let emulator: SupabaseEmulator;
let dataDir: string;
const site = 'http://localhost:8888';

const client = (): SupabaseClient =>
  createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

type MailSummary = { ID: string; Subject: string; To: Array<{ Address: string }>; Snippet: string };
type Mail = MailSummary & { Text: string; HTML: string };

async function inbox<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${emulator.inboxUrl}${path}`, init);
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

/** The newest message to an address, read the way Mailpit's API is read. */
async function latestTo(address: string): Promise<Mail> {
  const found = await inbox<{ messages: MailSummary[] }>(`/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  expect(found.messages.length).toBeGreaterThan(0);
  return inbox<Mail>(`/api/v1/message/${found.messages[0]!.ID}`);
}

const linkIn = (mail: Mail) => mail.Text.match(/https?:\/\/\S+/)![0];
const codeIn = (mail: Mail) => mail.Text.match(/\b(\d{6})\b/)![1]!;

/** Follows an emailed link the way a browser does and returns where it lands, fragment parsed. */
async function follow(link: string): Promise<{ landing: string; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  const [landing, fragment = ''] = location.split('#');
  return { landing: landing!, fragment: new URLSearchParams(fragment) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'supabase-accounts-'));
  emulator = await startSupabaseEmulator({ dataDir, port: 0, siteUrl: site });
});

afterAll(async () => {
  await emulator.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await fetch(`${emulator.inboxUrl}/api/v1/messages`, { method: 'DELETE' });
});

describe('inbox (Mailpit read API)', () => {
  it('lists messages newest first, opens one by id or latest, searches by recipient and clears', async () => {
    await client().auth.resetPasswordForEmail('demo@pharmacy.test', { redirectTo: `${site}/reset-password` });
    await client().auth.signInWithOtp({ phone: '+919876500001' });
    const list = await inbox<{ total: number; count: number; messages: MailSummary[] }>('/api/v1/messages');
    expect(list.total).toBe(2);
    expect(list.messages.map((message) => message.Subject)).toEqual(['SMS', 'Reset Your Password']);
    const latest = await inbox<Mail>('/api/v1/message/latest');
    expect(latest.To[0]!.Address).toBe('+919876500001');
    const byId = await inbox<Mail>(`/api/v1/message/${list.messages[1]!.ID}`);
    expect(byId.HTML).toContain('Reset Password');
    const search = await inbox<{ messages: MailSummary[] }>('/api/v1/search?query=to:demo@pharmacy.test');
    expect(search.messages).toHaveLength(1);
    const page = await fetch(emulator.inboxUrl);
    expect(await page.text()).toContain('Reset Your Password');
    await fetch(`${emulator.inboxUrl}/api/v1/messages`, { method: 'DELETE' });
    expect((await inbox<{ total: number }>('/api/v1/messages')).total).toBe(0);
  });
});

describe('signUp with email confirmation', () => {
  const email = 'asha.rao@example.test';
  const password = 'Chennai2026';

  it('creates an unconfirmed user, mails a link that confirms and signs in, and refuses password sign-in before that', async () => {
    const supabase = client();
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: `${site}/account`, data: { full_name: 'Asha Rao', mobile: '+919876543210' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, email_confirmed_at: null, user_metadata: { full_name: 'Asha Rao', mobile: '+919876543210' } });
    expect(data.user?.identities).toHaveLength(1);

    const early = await client().auth.signInWithPassword({ email, password });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed' });

    const mail = await latestTo(email);
    expect(mail.Subject).toBe('Confirm Your Signup');
    const { landing, fragment } = await follow(linkIn(mail));
    expect(landing).toBe(`${site}/account`);
    expect(fragment.get('type')).toBe('signup');

    // What detectSessionInUrl / setSession do with the fragment.
    const browser = client();
    const { data: set, error: setError } = await browser.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(setError).toBeNull();
    expect(set.user?.email_confirmed_at).not.toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();

    const again = await follow(linkIn(mail));
    expect(again.fragment.get('error_code')).toBe('otp_expired');
  });

  it('answers an already confirmed address with a user without identities and sends nothing', async () => {
    const { data, error } = await client().auth.signUp({ email: 'demo@pharmacy.test', password: 'Another123' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await inbox<{ total: number }>('/api/v1/messages')).total).toBe(0);
  });

  it('refuses weak passwords with weak_password and the reasons', async () => {
    const short = await client().auth.signUp({ email: 'short@example.test', password: 'ab1' });
    expect(short.error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', reasons: ['length'] });
    const noDigit = await client().auth.signUp({ email: 'nodigit@example.test', password: 'onlyletters' });
    expect(noDigit.error).toMatchObject({ code: 'weak_password', reasons: ['characters'] });
  });

  it('limits confirmation mails to one a minute per address', async () => {
    const first = await client().auth.signUp({ email: 'twice@example.test', password: 'Mumbai2026' });
    expect(first.error).toBeNull();
    const second = await client().auth.signUp({ email: 'twice@example.test', password: 'Mumbai2026' });
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});

describe('password recovery', () => {
  it('mails a recovery link that signs in, lets updateUser set a new password, and works once', async () => {
    const { error } = await client().auth.resetPasswordForEmail('second@pharmacy.test', { redirectTo: `${site}/reset-password` });
    expect(error).toBeNull();
    const mail = await latestTo('second@pharmacy.test');
    expect(mail.Subject).toBe('Reset Your Password');
    const { landing, fragment } = await follow(linkIn(mail));
    expect(landing).toBe(`${site}/reset-password`);
    expect(fragment.get('type')).toBe('recovery');

    const browser = client();
    await browser.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    const same = await browser.auth.updateUser({ password: 'Second@12345' });
    expect(same.error).toMatchObject({ code: 'same_password' });
    const weak = await browser.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ code: 'weak_password' });
    const updated = await browser.auth.updateUser({ password: 'Second@67890' });
    expect(updated.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: 'second@pharmacy.test', password: 'Second@67890' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: 'second@pharmacy.test', password: 'Second@12345' })).error).toMatchObject({ code: 'invalid_credentials' });

    expect((await follow(linkIn(mail))).fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('says the same for an unknown address and mails nothing', async () => {
    expect((await client().auth.resetPasswordForEmail('nobody@example.test')).error).toBeNull();
    expect((await inbox<{ total: number }>('/api/v1/messages')).total).toBe(0);
  });

  it('sends a link to the site URL when asked to redirect elsewhere', async () => {
    await client().auth.resetPasswordForEmail('asha.rao@example.test', { redirectTo: 'https://evil.example/steal' });
    expect((await follow(linkIn(await latestTo('asha.rao@example.test')))).landing).toBe(site);
  });
});

describe('phone OTP sign-in', () => {
  const phone = '+919812345678';

  it('texts a 6-digit code that signs in once; a wrong or reused code is refused with otp_expired', async () => {
    const supabase = client();
    const sent = await supabase.auth.signInWithOtp({ phone });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toBeTruthy();
    const sms = await latestTo(phone);
    expect(sms.Text).toMatch(/^Your code is \d{6}$/);
    const code = codeIn(sms);

    const wrong = await supabase.auth.verifyOtp({ phone, token: code === '000000' ? '111111' : '000000', type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    const { data, error } = await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toMatch(/^ey/);
    expect(data.user).toMatchObject({ phone: '919812345678' });
    expect(data.user?.phone_confirmed_at).toBeTruthy();

    const reused = await client().auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(reused.error).toMatchObject({ code: 'otp_expired' });
  });

  it('with shouldCreateUser false, refuses a number no account has (otp_disabled) and texts one that has', async () => {
    const unknown = await client().auth.signInWithOtp({ phone: '+919812300099', options: { shouldCreateUser: false } });
    expect(unknown.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    const known = await client().auth.signInWithOtp({ phone, options: { shouldCreateUser: false } });
    expect(known.error).toBeNull();
  });

  it('allows a new code only after 30 seconds and then only the newest code works', async () => {
    const other = '+919800000009';
    expect((await client().auth.signInWithOtp({ phone: other })).error).toBeNull();
    const again = await client().auth.signInWithOtp({ phone: other });
    expect(again.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
  });
});

describe('updateUser', () => {
  it('merges profile data, and confirms an email change through a mail to the new address', async () => {
    const supabase = client();
    await supabase.auth.signUp({ email: 'ravi@example.test', password: 'Kolkata2026', options: { emailRedirectTo: `${site}/account` } });
    const confirm = await follow(linkIn(await latestTo('ravi@example.test')));
    await supabase.auth.setSession({ access_token: confirm.fragment.get('access_token')!, refresh_token: confirm.fragment.get('refresh_token')! });

    const named = await supabase.auth.updateUser({ data: { full_name: 'Ravi Kumar' } });
    expect(named.error).toBeNull();
    expect(named.data.user?.user_metadata).toMatchObject({ full_name: 'Ravi Kumar' });

    const taken = await supabase.auth.updateUser({ email: 'demo@pharmacy.test' });
    expect(taken.error).toMatchObject({ code: 'email_exists' });

    const changing = await supabase.auth.updateUser({ email: 'ravi.kumar@example.test' }, { emailRedirectTo: `${site}/account` });
    expect(changing.error).toBeNull();
    expect(changing.data.user).toMatchObject({ email: 'ravi@example.test', new_email: 'ravi.kumar@example.test' });
    const mail = await latestTo('ravi.kumar@example.test');
    expect(mail.Subject).toBe('Confirm Email Change');
    const changed = await follow(linkIn(mail));
    expect(changed.fragment.get('type')).toBe('email_change');
    expect((await client().auth.signInWithPassword({ email: 'ravi.kumar@example.test', password: 'Kolkata2026' })).error).toBeNull();
  });

  it('confirms a mobile number change with a texted code (phone_change)', async () => {
    const supabase = client();
    await supabase.auth.signInWithPassword({ email: 'demo@pharmacy.test', password: 'Demo@12345' });
    const asked = await supabase.auth.updateUser({ phone: '+919900011122' });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.new_phone).toBe('919900011122');
    const code = codeIn(await latestTo('+919900011122'));
    const { data, error } = await supabase.auth.verifyOtp({ phone: '+919900011122', token: code, type: 'phone_change' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe('919900011122');
  });

  it('deletes a user through the admin API with the service role only', async () => {
    const supabase = client();
    await supabase.auth.signInWithOtp({ phone: '+919700000001' });
    const { data } = await supabase.auth.verifyOtp({ phone: '+919700000001', token: codeIn(await latestTo('+919700000001')), type: 'sms' });
    const userId = data.user!.id;
    const admin = createClient(emulator.url, emulator.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const refused = await createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false } }).auth.admin.deleteUser(userId);
    expect(refused.error).not.toBeNull();
    expect((await admin.auth.admin.deleteUser(userId)).error).toBeNull();
    expect((await supabase.auth.getUser()).error).not.toBeNull();
  });
});
