import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../emulators/supabase/index';

/**
 * The account's language (issue 40) as supabase-js keeps it: the signed-in customer upserts their own
 * row of public.profiles and reads it back; another customer's is out of reach. The same calls work
 * against `supabase start`.
 */
let emulator: SupabaseEmulator;
let dataDir: string;

const signedIn = async (email: string, password: string): Promise<SupabaseClient> => {
  const client = createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'supabase-language-'));
  emulator = await startSupabaseEmulator({ dataDir, port: 0 });
}, 240_000);

afterAll(async () => {
  await emulator?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the account's language", () => {
  it('is upserted on user_id by its customer and read back as one row; English until chosen', async () => {
    const demo = await signedIn('demo@pharmacy.test', 'Demo@12345');
    const { data: user } = await demo.auth.getUser();
    expect((await demo.from('profiles').select('language').maybeSingle()).data).toBeNull();
    const chosen = await demo.from('profiles').upsert({ user_id: user.user!.id, language: 'hi' }, { onConflict: 'user_id' }).select('language').single();
    expect(chosen).toMatchObject({ error: null, data: { language: 'hi' } });
    const changed = await demo.from('profiles').upsert({ user_id: user.user!.id, language: 'en' }, { onConflict: 'user_id' }).select('language').single();
    expect(changed.data).toEqual({ language: 'en' });
    expect((await demo.from('profiles').select('language').single()).data).toEqual({ language: 'en' });
  });

  it("refuses a code that is not two letters, and keeps another customer's row out of reach", async () => {
    const demo = await signedIn('demo@pharmacy.test', 'Demo@12345');
    const { data: user } = await demo.auth.getUser();
    const bad = await demo.from('profiles').upsert({ user_id: user.user!.id, language: 'Hindi' }, { onConflict: 'user_id' });
    expect(bad.error?.code).toBe('23514');
    const second = await signedIn('second@pharmacy.test', 'Second@12345');
    expect((await second.from('profiles').select('language')).data).toEqual([]);
    const forged = await second.from('profiles').insert({ user_id: user.user!.id, language: 'hi' });
    expect(forged.error?.code).toBe('42501');
  });
});
