import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../emulators/supabase/index';

/**
 * Supabase Auth's own mails in the language of the user's user_metadata (supabase/templates), as
 * supabase-js asks for them: the same calls and inbox reads work against `supabase start`.
 */
let emulator: SupabaseEmulator;
let dataDir: string;
const site = 'http://localhost:8888';

const client = (): SupabaseClient =>
  createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

type Mail = { Subject: string; Text: string; HTML: string };

async function latestTo(address: string): Promise<Mail> {
  const found = (await (await fetch(`${emulator.inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)).json()) as { messages: Array<{ ID: string }> };
  expect(found.messages.length).toBeGreaterThan(0);
  return (await (await fetch(`${emulator.inboxUrl}/api/v1/message/${found.messages[0]!.ID}`)).json()) as Mail;
}

/** Opens a mail's link as a browser would: the session it lands with, in the fragment. */
async function follow(mail: Mail) {
  const response = await fetch(mail.Text.match(/https?:\/\/\S+/)![0], { redirect: 'manual' });
  expect(response.status).toBe(303);
  const [landing, fragment = ''] = response.headers.get('location')!.split('#');
  return { landing: landing!, fragment: new URLSearchParams(fragment) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'supabase-auth-mails-'));
  emulator = await startSupabaseEmulator({ dataDir, port: 0, siteUrl: site });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await fetch(`${emulator.inboxUrl}/api/v1/messages`, { method: 'DELETE' });
});

describe("Supabase Auth's mails in the customer's language", () => {
  it('a sign-up from a Hindi page gets its confirmation in Hindi, with a link that confirms; a reset follows it', async () => {
    const email = 'meera.hindi@example.test';
    const signedUp = await client().auth.signUp({ email, password: 'Jaipur2026', options: { emailRedirectTo: `${site}/account`, data: { full_name: 'मीरा', language: 'hi' } } });
    expect(signedUp.error).toBeNull();
    const confirmation = await latestTo(email);
    expect(confirmation.Subject).toBe('अपने MediKart खाते की पुष्टि करें');
    expect(confirmation.Text).toMatch(/^अपने साइन-अप की पुष्टि करें\n\nअपना खाता चालू करने के लिए यह लिंक खोलें:\n\nईमेल की पुष्टि करें: http/);
    expect(confirmation.HTML).toContain('<div lang="hi">');
    const { landing, fragment } = await follow(confirmation);
    expect(landing).toBe(`${site}/account`);
    expect(fragment.get('type')).toBe('signup');

    await client().auth.resetPasswordForEmail(email, { redirectTo: `${site}/hi/reset-password` });
    const reset = await latestTo(email);
    expect(reset.Subject).toBe('अपना पासवर्ड फिर से सेट करें');
    expect(reset.Text).toContain('नया पासवर्ड चुनें: http');
    expect((await follow(reset)).landing).toBe(`${site}/hi/reset-password`);
  });

  it('an account with no language gets English; once updateUser copies a language to it, its next mail (an email change) is in that language', async () => {
    const email = 'demo@pharmacy.test';
    await client().auth.resetPasswordForEmail(email, { redirectTo: `${site}/reset-password` });
    const english = await latestTo(email);
    expect(english.Subject).toBe('Reset Your Password');
    expect(english.Text).toMatch(/^Reset Password\n\nFollow this link to reset the password for your user:\n\nReset Password: http/);

    const customer = client();
    expect((await customer.auth.signInWithPassword({ email, password: 'Demo@12345' })).error).toBeNull();
    const copied = await customer.auth.updateUser({ data: { language: 'hi' } });
    expect(copied.data.user?.user_metadata).toMatchObject({ language: 'hi' });
    await fetch(`${emulator.inboxUrl}/api/v1/messages`, { method: 'DELETE' });
    // The one-a-minute limit is per kind of mail: an email change is another kind.
    const changed = await customer.auth.updateUser({ email: 'demo.new@example.test' });
    expect(changed.error).toBeNull();
    const change = await latestTo('demo.new@example.test');
    expect(change.Subject).toBe('ईमेल बदलने की पुष्टि करें');
    expect(change.Text).toContain('अपना ईमेल demo@pharmacy.test से demo.new@example.test में बदलने की पुष्टि के लिए यह लिंक खोलें:');
  });

  it("a language the shop does not write falls back to English", async () => {
    const email = 'tamil.reader@example.test';
    await client().auth.signUp({ email, password: 'Madurai2026', options: { data: { language: 'ta' } } });
    expect((await latestTo(email)).Subject).toBe('Confirm Your Signup');
  });
});
