import type { Session, User } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({
  getSession: vi.fn(),
  onAuthStateChange: vi.fn(),
  signInWithPassword: vi.fn(),
  signOut: vi.fn(),
  admin: { signOut: vi.fn() },
}));
const setRememberMe = vi.hoisted(() => vi.fn());
vi.mock('../../lib/browser/supabase-client', () => ({
  supabase: { auth },
  setRememberMe,
  AUTH_STORAGE_KEY: 'medikart-auth-token',
}));

const { $auth, applyAuthEvent, signIn, signOut } = await import('./auth-store');
const { CONTACT_SUBMITTED_KEY } = await import('../../lib/browser/auth-storage');

class MemoryStorage {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
  clear = () => this.values.clear();
}

const demo = { id: '11111111-1111-4111-8111-111111111111', email: 'demo@pharmacy.test' } as User;
const session = (user: User) => ({ user, access_token: 'access-token' }) as Session;

describe('auth store', () => {
  let local: MemoryStorage;
  let perTab: MemoryStorage;

  beforeEach(() => {
    vi.clearAllMocks();
    local = new MemoryStorage();
    perTab = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: perTab });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    $auth.set({ user: null, isLoading: true, isAuthenticated: false });
  });

  it('takes the user from the stored session on load and follows auth changes', async () => {
    vi.resetModules();
    const fresh = await import('./auth-store');
    auth.getSession.mockResolvedValueOnce({ data: { session: session(demo) }, error: null });
    await fresh.initAuth();
    expect(fresh.$auth.get()).toEqual({ user: demo, isLoading: false, isAuthenticated: true });
    expect(auth.onAuthStateChange).toHaveBeenCalledWith(fresh.applyAuthEvent);
  });

  it('stays signed out when the session check fails', async () => {
    vi.resetModules();
    const fresh = await import('./auth-store');
    auth.getSession.mockRejectedValueOnce(new Error('storage unavailable'));
    await fresh.initAuth();
    expect(fresh.$auth.get()).toEqual({ user: null, isLoading: false, isAuthenticated: false });
  });

  it('keeps the user through token refresh and user update, and drops it on sign-out events', () => {
    $auth.set({ user: demo, isLoading: false, isAuthenticated: true });
    applyAuthEvent('TOKEN_REFRESHED', null);
    expect($auth.get().user).toBe(demo);
    const renamed = { ...demo, email: 'new@pharmacy.test' } as User;
    applyAuthEvent('USER_UPDATED', session(renamed));
    expect($auth.get()).toEqual({ user: renamed, isLoading: false, isAuthenticated: true });
    applyAuthEvent('SIGNED_OUT', null);
    expect($auth.get()).toEqual({ user: null, isLoading: false, isAuthenticated: false });
  });

  it('signs in with Remember me passed on before the request', async () => {
    auth.signInWithPassword.mockResolvedValueOnce({ data: { user: demo, session: session(demo) }, error: null });
    await expect(signIn('demo@pharmacy.test', 'Demo@12345', false)).resolves.toEqual({ ok: true });
    expect(setRememberMe).toHaveBeenCalledWith(false);
    expect(setRememberMe.mock.invocationCallOrder[0]).toBeLessThan(auth.signInWithPassword.mock.invocationCallOrder[0]!);
    expect($auth.get()).toEqual({ user: demo, isLoading: false, isAuthenticated: true });
  });

  it("clears the user on a failed sign-in and passes on the server's message, else the fallback", async () => {
    $auth.set({ user: demo, isLoading: false, isAuthenticated: true });
    auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null }, error: { message: 'Invalid login credentials' } });
    await expect(signIn('demo@pharmacy.test', 'wrong', true)).resolves.toEqual({
      ok: false,
      message: 'Invalid login credentials',
    });
    expect($auth.get()).toEqual({ user: null, isLoading: false, isAuthenticated: false });
    auth.signInWithPassword.mockRejectedValueOnce(new Error(''));
    await expect(signIn('demo@pharmacy.test', 'x', true)).resolves.toEqual({
      ok: false,
      message: 'An error occurred during login. Please try again.',
    });
  });

  it('signs out in order: tokens and contact marker, session storage, then the server; home even if that fails', async () => {
    $auth.set({ user: demo, isLoading: false, isAuthenticated: true });
    local.setItem('medikart-auth-token', '{}');
    local.setItem(CONTACT_SUBMITTED_KEY, '{"submittedAt":1}');
    local.setItem('cart', '{"items":[]}');
    perTab.setItem('phonepe-transaction', 'TXN_1');
    auth.getSession.mockResolvedValueOnce({ data: { session: session(demo) }, error: null });
    let storageWhenRevoking: string[] = [];
    auth.admin.signOut.mockImplementationOnce(async () => {
      storageWhenRevoking = [...local.values.keys(), ...perTab.values.keys()];
      throw new Error('500 from the auth server');
    });
    const goHome = vi.fn();
    await signOut(goHome);
    expect(auth.admin.signOut).toHaveBeenCalledWith('access-token', 'local');
    expect(storageWhenRevoking).toEqual(['cart']);
    expect($auth.get()).toEqual({ user: null, isLoading: false, isAuthenticated: false });
    expect(goHome).toHaveBeenCalledOnce();
    expect(console.error).toHaveBeenCalled();
  });

  it.each([
    ['hi', '/hi'],
    ['en', '/'],
    [undefined, '/'],
  ])('sends a page in %s to the landing page in its language, %s', async (language, landing) => {
    const assign = vi.fn();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: perTab, location: { assign }, document: { documentElement: { dataset: { language } } } });
    auth.getSession.mockResolvedValueOnce({ data: { session: null }, error: null });
    await signOut();
    expect(assign).toHaveBeenCalledWith(landing);
  });
});
