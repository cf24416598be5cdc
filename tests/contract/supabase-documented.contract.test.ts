import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../emulators/supabase/index';
import { SupabaseOrderStore } from '../../src/features/checkout/server/order-store';
import { expectDocumentedRequest, expectDocumentedShape, fillPath, recordingFetch } from './contract-kit';
import { currentUser, documentedUser, userById } from './fixtures/supabase/auth-users';
import { rpc } from './fixtures/supabase/postgrest';
import { signedUrl } from './fixtures/supabase/storage';

// The Supabase Auth, Storage and Data API calls the server makes, as Supabase documents them
// (fixtures/supabase): supabase-js, as our server code uses it, sends the documented requests and our
// code reads the documented answers; the local Supabase emulator answers the same calls in the same shapes.

const SUPABASE_URL = 'https://project.supabase.co';
const SERVICE_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2VydmljZQ';
const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzZjZiIn0.dG9rZW4';
const serviceClient = (fetcher: typeof fetch) =>
  createClient(SUPABASE_URL, SERVICE_KEY, { auth: { persistSession: false, autoRefreshToken: false }, global: { fetch: fetcher } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('our server code against the documented Supabase answers', () => {
  it("reads the customer behind an access token, and treats a documented bad_jwt as nobody's", async () => {
    const recording = recordingFetch(currentUser.answers.ok, currentUser.answers.badJwt);
    vi.stubGlobal('fetch', recording.fetcher);
    const store = new SupabaseOrderStore(SUPABASE_URL, SERVICE_KEY);
    expect(await store.userIdOfAccessToken(ACCESS_TOKEN)).toBe(documentedUser.id);
    expectDocumentedRequest(recording.requests[0]!, currentUser);
    expect(recording.requests[0]!.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(await store.userIdOfAccessToken(ACCESS_TOKEN)).toBeNull();
  });

  it("reads a customer's email by id as the mails do, and a documented user_not_found as an error", async () => {
    const recording = recordingFetch(userById.answers.ok, userById.answers.notFound);
    const admin = serviceClient(recording.fetcher).auth.admin;
    const found = await admin.getUserById(documentedUser.id);
    expect(found.data.user?.email).toBe('asha@example.in');
    expectDocumentedRequest(recording.requests[0]!, userById);
    const missing = await admin.getUserById(documentedUser.id);
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('turns the documented relative signedURL into a link the desk can open', async () => {
    const recording = recordingFetch(signedUrl.answers.ok, signedUrl.answers.notFound);
    const bucket = serviceClient(recording.fetcher).storage.from('prescriptions');
    const { data } = await bucket.createSignedUrl(`${documentedUser.id}/rx-1.pdf`, 300);
    expect(data?.signedUrl).toBe(`${SUPABASE_URL}/storage/v1${signedUrl.answers.ok.body.signedURL}`);
    expectDocumentedRequest(recording.requests[0]!, signedUrl);
    expect(JSON.parse(recording.requests[0]!.body)).toEqual(signedUrl.example);
    const missing = await bucket.createSignedUrl(`${documentedUser.id}/rx-2.pdf`, 300);
    expect(missing.error?.message).toBe('Object not found');
  });

  it('reads the documented PostgREST error of an RPC', async () => {
    const recording = recordingFetch(rpc.answers.raised);
    const { error } = await serviceClient(recording.fetcher).rpc('mark_order_failed', { p_provider_order_id: 'order_x', p_reason: 'declined' });
    expect(error).toMatchObject({ code: 'P0001', message: rpc.answers.raised.body.message });
    expectDocumentedRequest(recording.requests[0]!, rpc);
    expect(recording.requests[0]!.url.pathname).toBe('/rest/v1/rpc/mark_order_failed');
    expect(JSON.parse(recording.requests[0]!.body)).toEqual({ p_provider_order_id: 'order_x', p_reason: 'declined' });
  });
});

describe('the Supabase emulator against the documented answers', () => {
  let emulator: SupabaseEmulator;
  let dataDir: string;
  let accessToken = '';
  const demo = { id: '11111111-1111-4111-8111-111111111111', email: 'demo@pharmacy.test', password: 'Demo@12345' };
  const call = (path: string, init: { method: string; token?: string; body?: unknown }) =>
    fetch(`${emulator.url}${path}`, {
      method: init.method,
      headers: { apikey: emulator.anonKey, authorization: `Bearer ${init.token ?? emulator.serviceRoleKey}`, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'supabase-contract-'));
    emulator = await startSupabaseEmulator({ dataDir, port: 0 });
    const signIn = await createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false } }).auth.signInWithPassword(demo);
    accessToken = signIn.data.session!.access_token;
  }, 180_000);
  afterAll(async () => {
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers GET /auth/v1/user with the documented user, and a forged token with bad_jwt', async () => {
    const response = await call(currentUser.path, { method: 'GET', token: accessToken });
    expect(response.status).toBe(200);
    expectDocumentedShape(await response.json(), currentUser.answers.ok.body);
    const forged = await call(currentUser.path, { method: 'GET', token: `${accessToken.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(currentUser.answers.badJwt.status);
    expect(forged.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const body = await forged.json();
    expectDocumentedShape(body, currentUser.answers.badJwt.body);
    expect(body.code).toBe('bad_jwt');
  });

  it('answers the admin user lookup with the documented user, and user_not_found', async () => {
    const found = await call(fillPath(userById.path, { id: demo.id }), { method: 'GET' });
    expect(found.status).toBe(200);
    expectDocumentedShape(await found.json(), userById.answers.ok.body);
    const missing = await call(fillPath(userById.path, { id: '99999999-9999-4999-8999-999999999999' }), { method: 'GET' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(userById.answers.notFound.body);
  });

  it('signs a stored prescription in the documented shape, and refuses a missing one as documented', async () => {
    const admin = createClient(emulator.url, emulator.serviceRoleKey, { auth: { persistSession: false } });
    const uploaded = await admin.storage.from('prescriptions').upload(`${demo.id}/contract.pdf`, new Blob(['%PDF-1.4 contract'], { type: 'application/pdf' }));
    expect(uploaded.error).toBeNull();
    const response = await call(fillPath(signedUrl.path, { folder: demo.id, file: 'contract.pdf' }), { method: 'POST', body: signedUrl.example });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectDocumentedShape(body, signedUrl.answers.ok.body);
    expect(body.signedURL).toMatch(new RegExp(`^/object/sign/prescriptions/${demo.id}/contract\\.pdf\\?token=`));
    const missing = await call(fillPath(signedUrl.path, { folder: demo.id, file: 'missing.pdf' }), { method: 'POST', body: signedUrl.example });
    expect(missing.status).toBe(signedUrl.answers.notFound.status);
    expectDocumentedShape(await missing.json(), signedUrl.answers.notFound.body);
  });

  it('answers an unknown RPC with the documented PGRST202 error', async () => {
    const response = await call(fillPath(rpc.path, { function: 'no_such_function' }), { method: 'POST', body: {} });
    expect(response.status).toBe(rpc.answers.unknownFunction.status);
    const body = await response.json();
    expectDocumentedShape(body, rpc.answers.unknownFunction.body);
    expect(body.code).toBe('PGRST202');
  });
});
