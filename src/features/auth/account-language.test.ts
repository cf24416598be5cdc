import type { User } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ upsert: vi.fn(), updateUser: vi.fn() }));
vi.mock('../../lib/browser/load-supabase', () => ({
  loadSupabase: async () => ({ from: () => ({ upsert: calls.upsert }), auth: { updateUser: calls.updateUser } }),
}));

const { saveLanguageChoice, takeAccountLanguage } = await import('./account-language');

class MemoryStorage {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
}

const customer = (metadata: Record<string, unknown> = {}) => ({ id: '22222222-2222-4222-8222-222222222222', user_metadata: metadata }) as Pick<User, 'id' | 'user_metadata'>;

describe("the language chosen in the browser, saved on the account", () => {
  let local: MemoryStorage;
  beforeEach(() => {
    vi.clearAllMocks();
    local = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    calls.upsert.mockResolvedValue({ error: null });
    calls.updateUser.mockResolvedValue({ error: null });
  });

  it("writes the profile and copies the language to user_metadata for Supabase Auth's mails, once", async () => {
    local.setItem('language', 'hi');
    await saveLanguageChoice(customer({ full_name: 'Asha' }));
    expect(calls.upsert).toHaveBeenCalledWith({ language: 'hi' }, { onConflict: 'user_id' });
    expect(calls.updateUser).toHaveBeenCalledWith({ data: { language: 'hi' } });
    await saveLanguageChoice(customer({ full_name: 'Asha', language: 'hi' }));
    expect(calls.upsert).toHaveBeenCalledTimes(1);
    expect(calls.updateUser).toHaveBeenCalledTimes(1);
  });

  it("does not call itself again from updateUser's USER_UPDATED event", async () => {
    local.setItem('language', 'hi');
    calls.updateUser.mockImplementation(async () => {
      await saveLanguageChoice(customer({ language: 'hi' }));
      return { error: null };
    });
    await saveLanguageChoice(customer());
    expect(calls.upsert).toHaveBeenCalledTimes(1);
    expect(calls.updateUser).toHaveBeenCalledTimes(1);
  });

  it('leaves user_metadata alone when it already holds the language, and does nothing before a choice', async () => {
    await saveLanguageChoice(customer());
    expect(calls.upsert).not.toHaveBeenCalled();
    local.setItem('language', 'en');
    await saveLanguageChoice(customer({ language: 'en' }));
    expect(calls.upsert).toHaveBeenCalledTimes(1);
    expect(calls.updateUser).not.toHaveBeenCalled();
  });

  it('tries again on the next page when the copy fails', async () => {
    local.setItem('language', 'hi');
    calls.updateUser.mockResolvedValueOnce({ error: new Error('network') });
    await saveLanguageChoice(customer());
    await saveLanguageChoice(customer());
    expect(calls.updateUser).toHaveBeenCalledTimes(2);
  });
});

describe("the account's language, taken by a browser where none was chosen", () => {
  let local: MemoryStorage;
  const reload = vi.fn();
  /** A page in `language`, written also in the languages listed. */
  const openPage = (language: string, alsoIn: readonly string[]) =>
    vi.stubGlobal('document', { documentElement: { dataset: { language }, hasAttribute: (name: string) => alsoIn.some((code) => name === `data-in-${code}`) } });
  beforeEach(() => {
    vi.clearAllMocks();
    local = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('location', { reload });
  });

  it('turns an English page opened signed in to the Hindi account\'s Hindi, and remembers it', () => {
    openPage('en', ['hi']);
    expect(takeAccountLanguage(customer({ language: 'hi' }))).toBe(true);
    expect(local.getItem('language')).toBe('hi');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves the page alone after a choice in this browser, for an English account, on a page already in it or written in English only', () => {
    openPage('en', ['hi']);
    local.setItem('language', 'en');
    expect(takeAccountLanguage(customer({ language: 'hi' }))).toBe(false);
    local = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    expect(takeAccountLanguage(customer({ language: 'en' }))).toBe(false);
    expect(takeAccountLanguage(customer())).toBe(false);
    openPage('hi', ['en']);
    expect(takeAccountLanguage(customer({ language: 'hi' }))).toBe(false);
    openPage('en', []);
    expect(takeAccountLanguage(customer({ language: 'hi' }))).toBe(false);
    expect(local.getItem('language')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
