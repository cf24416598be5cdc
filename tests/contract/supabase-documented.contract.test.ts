import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../emulators/supabase/index';
import { deleteAccount } from '../../src/features/account/server/delete-account';
import { SupabaseOrderStore } from '../../src/features/checkout/server/order-store';
import { SupabaseGuestPrescriptionStore } from '../../src/features/checkout/server/prescription-claim';
import { expectDocumentedRequest, expectDocumentedShape, fillPath, recordingFetch, type DocumentedAnswer } from './contract-kit';
import { currentUser, deleteUser, documentedUser, userById } from './fixtures/supabase/auth-users';
import { rpc } from './fixtures/supabase/postgrest';
import { download, list, objectInfo, remove, signedUrl, upload } from './fixtures/supabase/storage';

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

  it('checks a prescription is stored by its documented info, and takes a documented NoSuchKey as not stored', async () => {
    const recording = recordingFetch(objectInfo.answers.ok, objectInfo.answers.notFound);
    vi.stubGlobal('fetch', recording.fetcher);
    const store = new SupabaseOrderStore(SUPABASE_URL, SERVICE_KEY);
    expect(await store.prescriptionExists(`${documentedUser.id}/rx-1.pdf`)).toBe(true);
    expectDocumentedRequest(recording.requests[0]!, objectInfo);
    expect(recording.requests[0]!.url.pathname).toBe(`/storage/v1/object/info/prescriptions/${documentedUser.id}/rx-1.pdf`);
    expect(await store.prescriptionExists(`${documentedUser.id}/rx-2.pdf`)).toBe(false);
  });

  it("copies a guest's prescription into the customer's folder with the documented info, download and upload", async () => {
    const recording = recordingFetch(objectInfo.answers.ok, download.answers.ok, upload.answers.ok);
    vi.stubGlobal('fetch', recording.fetcher);
    const store = new SupabaseGuestPrescriptionStore(SUPABASE_URL, SERVICE_KEY);
    const guestPath = 'guest-7c1e/rx-1.pdf';
    expect(await store.copy(guestPath, `${documentedUser.id}/rx-1.pdf`)).toEqual({ contentType: 'application/pdf' });
    const [info, read, write] = recording.requests;
    expectDocumentedRequest(info!, objectInfo);
    expectDocumentedRequest(read!, download);
    expect(read!.url.pathname).toBe(`/storage/v1/object/prescriptions/${guestPath}`);
    expectDocumentedRequest(write!, upload);
    expect(write!.url.pathname).toBe(`/storage/v1/object/prescriptions/${documentedUser.id}/rx-1.pdf`);
    // The documented multipart body: the downloaded bytes with their type, and a cacheControl field.
    const form = await new Response(write!.body, { headers: { 'content-type': write!.headers.get('content-type')! } }).formData();
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    expect(file?.type).toBe('application/pdf');
    expect(await file?.text()).toBe(download.answers.ok.body);
    expect(form.get('cacheControl')).toBe('3600');
  });

  it('takes a documented Duplicate as already copied, and a missing guest file as nothing to copy', async () => {
    const recording = recordingFetch(objectInfo.answers.ok, download.answers.ok, upload.answers.duplicate, objectInfo.answers.notFound);
    vi.stubGlobal('fetch', recording.fetcher);
    const store = new SupabaseGuestPrescriptionStore(SUPABASE_URL, SERVICE_KEY);
    expect(await store.copy('guest-7c1e/rx-1.pdf', `${documentedUser.id}/rx-1.pdf`)).toEqual({ contentType: 'application/pdf' });
    expect(await store.copy('guest-7c1e/rx-2.pdf', `${documentedUser.id}/rx-2.pdf`)).toBeNull();
    expect(recording.requests).toHaveLength(4);
  });

  it("deletes an account with the documented list, remove and admin delete of the customer's user", async () => {
    const noOpenOrders: DocumentedAnswer = { status: 200, body: false };
    const summary: DocumentedAnswer = { status: 200, body: { kept_paid_orders: 1, removed_unpaid_orders: 0, removed_addresses: 2, removed_prescription_records: 1 } };
    const recording = recordingFetch(currentUser.answers.ok, noOpenOrders, list.answers.ok, remove.answers.ok, summary, userById.answers.ok, deleteUser.answers.ok);
    const request = new Request('https://shop.example/api/account/delete', { method: 'POST', headers: { authorization: `Bearer ${ACCESS_TOKEN}` } });
    const response = await deleteAccount(request, serviceClient(recording.fetcher));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deleted: true, removed: { prescriptions: 1, addresses: 2 }, kept: { paidOrders: 1 } });
    const sent = recording.requests;
    expectDocumentedRequest(sent[2]!, list);
    expect(JSON.parse(sent[2]!.body)).toEqual(list.example);
    expectDocumentedRequest(sent[3]!, remove);
    // The listed name is relative to the folder; remove is given the full path.
    expect(JSON.parse(sent[3]!.body)).toEqual({ prefixes: [`${documentedUser.id}/${list.answers.ok.body[0]!.name}`] });
    expectDocumentedRequest(sent[6]!, deleteUser);
    expect(sent[6]!.url.pathname).toBe(`/auth/v1/admin/users/${documentedUser.id}`);
    expect(JSON.parse(sent[6]!.body)).toEqual(deleteUser.example);
  });

  it('reports a documented user_not_found of the admin delete as a failed deletion', async () => {
    const recording = recordingFetch(userById.answers.ok, deleteUser.answers.notFound);
    const { error } = await serviceClient(recording.fetcher).auth.admin.deleteUser(documentedUser.id);
    expect(error).toMatchObject({ status: 404, code: 'user_not_found' });
    expectDocumentedRequest(recording.requests[1]!, deleteUser);
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

  it('stores, finds, reads, lists and removes a prescription in the documented shapes', async () => {
    const path = `${demo.id}/documented.pdf`;
    const store = () => {
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('', new Blob(['%PDF-1.4 documented'], { type: 'application/pdf' }));
      return fetch(`${emulator.url}${fillPath(upload.path, { folder: demo.id, file: 'documented.pdf' })}`, {
        method: 'POST',
        headers: { apikey: emulator.anonKey, authorization: `Bearer ${emulator.serviceRoleKey}`, 'x-upsert': 'false' },
        body: form,
      });
    };
    const stored = await store();
    expect(stored.status).toBe(200);
    const storedBody = await stored.json();
    expectDocumentedShape(storedBody, upload.answers.ok.body);
    expect(storedBody.Key).toBe(`prescriptions/${path}`);
    const again = await store();
    expect(again.status).toBe(upload.answers.duplicate.status);
    expect(await again.json()).toMatchObject(upload.answers.duplicate.body);

    const info = await call(fillPath(objectInfo.path, { folder: demo.id, file: 'documented.pdf' }), { method: 'GET' });
    expect(info.status).toBe(200);
    expectDocumentedShape(await info.json(), objectInfo.answers.ok.body);
    const noInfo = await call(fillPath(objectInfo.path, { folder: demo.id, file: 'missing.pdf' }), { method: 'GET' });
    expect(noInfo.status).toBe(404);
    expect(await noInfo.json()).toMatchObject({ code: 'NoSuchKey' });

    const read = await call(fillPath(download.path, { folder: demo.id, file: 'documented.pdf' }), { method: 'GET' });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(await read.text()).toBe('%PDF-1.4 documented');

    const listed = await call(list.path, { method: 'POST', body: { ...list.example, prefix: demo.id } });
    expect(listed.status).toBe(200);
    const entries = (await listed.json()) as { name: string; metadata: { size: number; mimetype: string } }[];
    const entry = entries.find((item) => item.name === 'documented.pdf');
    expectDocumentedShape(entry, list.answers.ok.body[0]);
    expect(entry?.metadata).toMatchObject({ size: 19, mimetype: 'application/pdf' });

    const removed = await call(remove.path, { method: 'DELETE', body: { prefixes: [path, `${demo.id}/missing.pdf`] } });
    expect(removed.status).toBe(200);
    const removedBody = (await removed.json()) as { name: string }[];
    expect(removedBody.map((item) => item.name)).toEqual([path]);
    expectDocumentedShape(removedBody, remove.answers.ok.body);
    expect((await call(fillPath(objectInfo.path, { folder: demo.id, file: 'documented.pdf' }), { method: 'GET' })).status).toBe(404);
  });

  it('deletes a user with the documented admin request, and answers user_not_found after', async () => {
    const signUp = await createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false } }).auth.signUp({ email: 'leaving@pharmacy.test', password: 'Leaving@12345' });
    const id = signUp.data.user!.id;
    const deleted = await call(fillPath(deleteUser.path, { id }), { method: 'DELETE', body: deleteUser.example });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual(deleteUser.answers.ok.body);
    const again = await call(fillPath(deleteUser.path, { id }), { method: 'DELETE', body: deleteUser.example });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual(deleteUser.answers.notFound.body);
    expect((await call(fillPath(userById.path, { id }), { method: 'GET' })).status).toBe(404);
  });

  it('answers an unknown RPC with the documented PGRST202 error', async () => {
    const response = await call(fillPath(rpc.path, { function: 'no_such_function' }), { method: 'POST', body: {} });
    expect(response.status).toBe(rpc.answers.unknownFunction.status);
    const body = await response.json();
    expectDocumentedShape(body, rpc.answers.unknownFunction.body);
    expect(body.code).toBe('PGRST202');
  });
});
