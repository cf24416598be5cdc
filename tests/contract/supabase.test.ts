import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../emulators/supabase/index';

// The Supabase CLI's well-known local keys: the storefront's local defaults work with either backend.
const WELL_KNOWN_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const WELL_KNOWN_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const demo = { id: '11111111-1111-4111-8111-111111111111', email: 'demo@pharmacy.test', password: 'Demo@12345' };
const second = { id: '22222222-2222-4222-8222-222222222222', email: 'second@pharmacy.test', password: 'Second@12345' };
const guestFolder = 'guest-6d0f4c1e-2b3a-4f5e-8a7b-9c0d1e2f3a4b';
const DAY_SECONDS = 24 * 60 * 60;

let emulator: SupabaseEmulator;
let dataDir: string;

const client = (key: string): SupabaseClient =>
  createClient(emulator.url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

async function signedIn(account: { email: string; password: string }): Promise<SupabaseClient> {
  const supabase = client(emulator.anonKey);
  const { error } = await supabase.auth.signInWithPassword({ email: account.email, password: account.password });
  expect(error).toBeNull();
  return supabase;
}

const pdf = (text = '%PDF-1.4 prescription') => new Blob([text], { type: 'application/pdf' });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'supabase-emulator-'));
  emulator = await startSupabaseEmulator({ dataDir, port: 0 });
});

afterAll(async () => {
  await emulator.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('keys', () => {
  it('hands out the Supabase CLI well-known local anon and service role keys', () => {
    expect(emulator.anonKey).toBe(WELL_KNOWN_ANON_KEY);
    expect(emulator.serviceRoleKey).toBe(WELL_KNOWN_SERVICE_ROLE_KEY);
  });
});

describe('auth', () => {
  it('signs the demo customer in with email and password and returns the user', async () => {
    const supabase = client(emulator.anonKey);
    const { data, error } = await supabase.auth.signInWithPassword({ email: demo.email, password: demo.password });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: demo.id, email: demo.email, role: 'authenticated' });
    expect(data.session?.access_token).toMatch(/^ey/);
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const { data, error } = await client(emulator.anonKey).auth.signInWithPassword({ email: demo.email, password: 'wrong-password' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('keeps a session: current session, current user and a rotated refresh token', async () => {
    const supabase = await signedIn(demo);
    const { data: current } = await supabase.auth.getSession();
    expect(current.session?.user.id).toBe(demo.id);
    const { data: user, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(user.user?.email).toBe(demo.email);

    const oldRefreshToken = current.session?.refresh_token ?? '';
    const { data: refreshed, error: refreshError } = await supabase.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(refreshed.session?.refresh_token).not.toBe(oldRefreshToken);

    // Within GoTrue's 10 s reuse interval (another tab refreshing too) the old token gets the current one.
    const { data: concurrent } = await client(emulator.anonKey).auth.refreshSession({ refresh_token: oldRefreshToken });
    expect(concurrent.session?.refresh_token).toBe(refreshed.session?.refresh_token);
  });

  it('ends the session when a used refresh token comes back after the reuse interval', async () => {
    const supabase = await signedIn(demo);
    const { data: first } = await supabase.auth.getSession();
    const { data: refreshed } = await supabase.auth.refreshSession();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11_000);
      const { error: reuseError } = await client(emulator.anonKey).auth.refreshSession({ refresh_token: first.session?.refresh_token ?? '' });
      expect(reuseError?.code).toBe('refresh_token_already_used');
    } finally {
      vi.useRealTimers();
    }
    const { error } = await client(emulator.anonKey).auth.refreshSession({ refresh_token: refreshed.session?.refresh_token ?? '' });
    expect(error?.code).toBe('refresh_token_not_found');
  });

  it('signs out: the old access token no longer finds its session', async () => {
    const supabase = await signedIn(demo);
    const { data } = await supabase.auth.getSession();
    const accessToken = data.session?.access_token ?? '';
    expect((await supabase.auth.signOut()).error).toBeNull();
    const { data: user, error } = await client(emulator.anonKey).auth.getUser(accessToken);
    expect(user.user).toBeNull();
    // auth-js turns GoTrue's 403 session_not_found into this error.
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('answers a password reset request the same whether or not the account exists', async () => {
    const supabase = client(emulator.anonKey);
    expect(await supabase.auth.resetPasswordForEmail(demo.email)).toEqual({ data: {}, error: null });
    expect(await supabase.auth.resetPasswordForEmail('nobody@pharmacy.test')).toEqual({ data: {}, error: null });
  });
});

describe('contact_submissions', () => {
  const message = { name: 'Asha Rao', email: 'asha@example.in', phone: null, subject: 'order', message: 'Where is my order?' };

  it('accepts a visitor message without returning the row', async () => {
    const { error, status } = await client(emulator.anonKey).from('contact_submissions').insert(message);
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  it('never lets a visitor read messages back', async () => {
    const anon = client(emulator.anonKey);
    const read = await anon.from('contact_submissions').select('*');
    expect(read.error).toMatchObject({ code: '42501' });
    expect(read.status).toBe(401);
    const selectedBack = await anon.from('contact_submissions').insert(message).select();
    expect(selectedBack.error).toMatchObject({ code: '42501' });
  });

  it('rejects a subject outside the eight choices with a PostgREST error', async () => {
    const { error, status } = await client(emulator.anonKey).from('contact_submissions').insert({ ...message, subject: 'complaint' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain('contact_submissions_subject_check');
  });
});

describe('cart', () => {
  const line = { product_id: 3, name: 'Pantoprazole 40 mg', quantity: 2, mrp: '120.50', thumbnail_image: '/images/p.png', prescription_url: null };

  it("upserts on user_id, reads the row as a single object, appends attachments and deletes it", async () => {
    const supabase = await signedIn(demo);
    for (const quantity of [1, 2]) {
      const { error } = await supabase
        .from('cart')
        .upsert({ user_id: demo.id, items: [{ ...line, quantity }], cart_total: 120.5 * quantity, updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
      expect(error).toBeNull();
    }

    const { data: cart, error: readError } = await supabase.from('cart').select('id, attachments').eq('user_id', demo.id).single();
    expect(readError).toBeNull();
    expect(cart).toEqual({ id: expect.any(String), attachments: [] });

    const attachment = { path: `${demo.id}/a1.pdf`, name: 'rx.pdf' };
    const { data: updated, error: updateError } = await supabase
      .from('cart')
      .update({ attachments: [...(cart?.attachments ?? []), attachment], updated_at: new Date().toISOString() })
      .eq('id', cart?.id ?? '')
      .select('attachments')
      .single();
    expect(updateError).toBeNull();
    expect(updated).toEqual({ attachments: [attachment] });

    const { data: stored } = await supabase.from('cart').select('items, cart_total').eq('user_id', demo.id).single();
    expect(stored).toEqual({ items: [{ ...line, quantity: 2 }], cart_total: 241 });

    expect((await supabase.from('cart').delete().eq('user_id', demo.id)).error).toBeNull();
    const { data: gone } = await supabase.from('cart').select('id').eq('user_id', demo.id);
    expect(gone).toEqual([]);
  });

  it("keeps another customer's cart invisible and untouchable", async () => {
    const secondCustomer = await signedIn(second);
    await secondCustomer.from('cart').upsert({ user_id: second.id, items: [line], cart_total: 120.5 }, { onConflict: 'user_id' });

    const supabase = await signedIn(demo);
    const { data, error, status } = await supabase.from('cart').select('id, attachments').eq('user_id', second.id).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
    await supabase.from('cart').delete().eq('user_id', second.id);
    const forged = await supabase.from('cart').upsert({ user_id: second.id, items: [], cart_total: 0 }, { onConflict: 'user_id' });
    expect(forged.error).toMatchObject({ code: '42501' });
    expect(forged.status).toBe(403);

    const { data: stillThere } = await secondCustomer.from('cart').select('cart_total').eq('user_id', second.id).single();
    expect(stillThere).toEqual({ cart_total: 120.5 });
  });

  it('filters with neq, in and is, orders and limits', async () => {
    const service = client(emulator.serviceRoleKey);
    const { data } = await service
      .from('cart')
      .select('user_id')
      .in('user_id', [demo.id, second.id])
      .neq('user_id', demo.id)
      .is('user_id', null)
      .order('updated_at', { ascending: false })
      .limit(5);
    expect(data).toEqual([]);
    const { data: secondOnly } = await service.from('cart').select('user_id').in('user_id', [demo.id, second.id]).order('user_id').limit(1);
    expect(secondOnly).toEqual([{ user_id: second.id }]);
  });
});

describe('prescription storage and records', () => {
  it('uploads a prescription without overwrite and serves it through a 24 hour signed URL', async () => {
    const supabase = await signedIn(demo);
    const path = `${demo.id}/3b9e2c4d.pdf`;
    const { data, error } = await supabase.storage.from('prescriptions').upload(path, pdf(), { cacheControl: '3600', upsert: false });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `prescriptions/${path}` });

    const again = await supabase.storage.from('prescriptions').upload(path, pdf('other'), { cacheControl: '3600', upsert: false });
    expect(again.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' });

    const { data: signed, error: signError } = await supabase.storage.from('prescriptions').createSignedUrl(path, DAY_SECONDS);
    expect(signError).toBeNull();
    const response = await fetch(signed?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(await response.text()).toBe('%PDF-1.4 prescription');

    expect(await supabase.storage.from('prescriptions').exists(path)).toEqual({ data: true, error: null });
    const { data: info } = await supabase.storage.from('prescriptions').info(path);
    expect(info).toMatchObject({ name: path, size: 21, contentType: 'application/pdf' });
    const { data: listed } = await supabase.storage.from('prescriptions').list(demo.id);
    expect(listed?.map((file) => file.name)).toEqual(['3b9e2c4d.pdf']);

    const { data: downloaded } = await supabase.storage.from('prescriptions').download(path);
    expect(await downloaded?.text()).toBe('%PDF-1.4 prescription');
    const { data: session } = await supabase.auth.getSession();
    const head = await fetch(`${emulator.url}/storage/v1/object/prescriptions/${path}`, {
      method: 'HEAD',
      headers: { apikey: emulator.anonKey, authorization: `Bearer ${session.session?.access_token}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('21');
  });

  it('has no public address for a prescription: the bucket is private', async () => {
    const { data } = client(emulator.anonKey).storage.from('prescriptions').getPublicUrl(`${demo.id}/3b9e2c4d.pdf`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Bucket not found' });
  });

  it('uploads raw bytes with a content type header', async () => {
    const supabase = await signedIn(demo);
    const { error } = await supabase.storage
      .from('prescriptions')
      .upload(`${demo.id}/raw.png`, new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png', cacheControl: '3600' });
    expect(error).toBeNull();
  });

  it('refuses an expired signed URL', async () => {
    const supabase = await signedIn(demo);
    const path = `${demo.id}/expiring.pdf`;
    await supabase.storage.from('prescriptions').upload(path, pdf());
    const { data } = await supabase.storage.from('prescriptions').createSignedUrl(path, 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const response = await fetch(data?.signedUrl ?? '');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a 6 MB file and an HTML file with Supabase storage errors', async () => {
    const supabase = await signedIn(demo);
    const large = new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'application/pdf' });
    const tooLarge = await supabase.storage.from('prescriptions').upload(`${demo.id}/large.pdf`, large);
    expect(tooLarge.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' });
    const html = await supabase.storage.from('prescriptions').upload(`${demo.id}/page.html`, new Blob(['<h1>x</h1>'], { type: 'text/html' }));
    expect(html.error).toMatchObject({ status: 415, message: 'mime type text/html is not supported' });
  });

  it("refuses a customer uploading into another customer's folder", async () => {
    const supabase = await signedIn(demo);
    const { error } = await supabase.storage.from('prescriptions').upload(`${second.id}/planted.pdf`, pdf());
    expect(error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' });
  });

  it('lets a guest upload into a guest folder only and read nothing back', async () => {
    const guest = client(emulator.anonKey);
    const path = `${guestFolder}/5a6b7c8d.jpg`;
    const upload = await guest.storage.from('prescriptions').upload(path, new Blob(['jpeg'], { type: 'image/jpeg' }), { cacheControl: '3600' });
    expect(upload.error).toBeNull();

    const outside = await guest.storage.from('prescriptions').upload(`${demo.id}/guest.jpg`, new Blob(['jpeg'], { type: 'image/jpeg' }));
    expect(outside.error).toMatchObject({ status: 403 });

    expect((await guest.storage.from('prescriptions').exists(path)).data).toBe(false);
    expect((await guest.storage.from('prescriptions').list(guestFolder)).data).toEqual([]);
    expect((await guest.storage.from('prescriptions').createSignedUrl(path, 60)).error).toMatchObject({ status: 404 });
    expect((await guest.storage.from('prescriptions').createSignedUrl(`${demo.id}/3b9e2c4d.pdf`, 60)).error).toMatchObject({ status: 404 });
  });

  it('lets the back office (service role) see every prescription', async () => {
    const service = client(emulator.serviceRoleKey);
    expect((await service.storage.from('prescriptions').exists(`${guestFolder}/5a6b7c8d.jpg`)).data).toBe(true);
    const { data } = await service.storage.from('prescriptions').list('');
    expect(data?.map((entry) => entry.name)).toEqual([demo.id, guestFolder]);
  });

  it('saves prescription records for the signed-in customer and refuses others', async () => {
    const supabase = await signedIn(demo);
    const record = { request_id: demo.id, file_name: 'rx.pdf', file_url: `${demo.id}/3b9e2c4d.pdf`, file_type: 'application/pdf', uploaded_by: demo.id };
    const { data, error } = await supabase.from('prescription_files').insert([record]).select();
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ ...record, id: expect.any(String), uploaded_at: expect.any(String) })]);

    const forged = await supabase.from('prescription_files').insert({ ...record, request_id: second.id, file_url: `${second.id}/x.pdf` });
    expect(forged.error).toMatchObject({ code: '42501' });
    const guest = await client(emulator.anonKey).from('prescription_files').select('*');
    expect(guest.error).toMatchObject({ code: '42501' });
  });
});

describe('orders and payment functions', () => {
  const order = {
    user_id: demo.id,
    provider: 'razorpay',
    provider_order_id: 'order_contract_1',
    amount_paise: 24100,
    lines: [{ product_id: 3, name: 'Pantoprazole 40 mg', unit_mrp_paise: 12050, unit_price_paise: 12050, quantity: 2 }],
  };

  it('lets the service role record an order and mark it paid once, idempotently', async () => {
    const service = client(emulator.serviceRoleKey);
    const { data: created, error } = await service.from('orders').insert(order).select('id, payment_status').single();
    expect(error).toBeNull();
    expect(created).toMatchObject({ payment_status: 'pending' });

    const paid = await service.rpc('mark_order_paid', { p_provider_order_id: order.provider_order_id, p_provider_payment_id: 'pay_1' });
    expect(paid.data).toMatchObject({ payment_status: 'paid', provider_payment_id: 'pay_1' });
    const again = await service.rpc('mark_order_paid', { p_provider_order_id: order.provider_order_id, p_provider_payment_id: 'pay_2' });
    expect(again.data).toMatchObject({ payment_status: 'paid', provider_payment_id: 'pay_1' });

    expect((await service.rpc('record_webhook_event', { p_event_id: 'evt_1', p_provider: 'razorpay' })).data).toBe(true);
    expect((await service.rpc('record_webhook_event', { p_event_id: 'evt_1', p_provider: 'razorpay' })).data).toBe(false);
  });

  it('shows the owner their order and refuses payment functions to customers', async () => {
    const supabase = await signedIn(demo);
    const { data } = await supabase.from('orders').select('provider_order_id, payment_status');
    expect(data).toEqual([{ provider_order_id: order.provider_order_id, payment_status: 'paid' }]);
    const { error, status } = await supabase.rpc('mark_order_failed', { p_provider_order_id: order.provider_order_id, p_reason: 'x' });
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501' });
    expect((await (await signedIn(second)).from('orders').select('id')).data).toEqual([]);
  });
});

describe('HTTP surface', () => {
  it('answers CORS preflight for the storefront origin', async () => {
    const response = await fetch(`${emulator.url}/rest/v1/cart`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8888', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, authorization, content-type, prefer' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:8888');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
  });

  it('answers anything it does not implement with a loud 501 naming the request', async () => {
    const response = await fetch(`${emulator.url}/auth/v1/factors`, { method: 'POST', headers: { apikey: emulator.anonKey }, body: '{}' });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({ message: 'The local Supabase emulator does not implement POST /auth/v1/factors' });
    const embedded = await client(emulator.anonKey).from('cart').select('id, users(email)');
    expect(embedded.status).toBe(501);
  });

  it('exposes only the public schema, as the hosted project does', async () => {
    const { error, status } = await createClient(emulator.url, emulator.serviceRoleKey, { db: { schema: 'auth' } }).from('users').select('email');
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106' });
  });

  it('keeps its data across a restart on the same data folder', async () => {
    await emulator.close();
    const started = performance.now();
    emulator = await startSupabaseEmulator({ dataDir, port: 0 });
    const reopenMs = performance.now() - started;
    expect(reopenMs).toBeLessThan(10_000);
    const { data } = await client(emulator.serviceRoleKey).from('orders').select('payment_status').eq('provider_order_id', 'order_contract_1').single();
    expect(data).toEqual({ payment_status: 'paid' });
  });
});
