import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupabaseEmulator, type SupabaseEmulator } from '../../../../emulators/supabase/index';
import { deleteAccount } from './delete-account';
import hindi from '../../../domain/strings/languages/hi';

let emulator: SupabaseEmulator;
let dataDir: string;
let admin: SupabaseClient;

const demo = { id: '11111111-1111-4111-8111-111111111111', email: 'demo@pharmacy.test', password: 'Demo@12345' };
const address = {
  full_name: 'Demo Customer', mobile: '+919876543210', line1: '12 MG Road', area: 'Indiranagar',
  city: 'Bengaluru', state: 'Karnataka', pin_code: '560038', label: 'Home',
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'account-delete-'));
  emulator = await startSupabaseEmulator({ dataDir, port: 0 });
  admin = createClient(emulator.url, emulator.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
});

afterAll(async () => {
  await emulator.close();
  await rm(dataDir, { recursive: true, force: true });
});

const request = (token?: string, method = 'POST', query = '') =>
  new Request(`http://localhost/api/account/delete${query}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
/** As the account page asks: with its language. */
const askedIn = (language: string, token?: string) => request(token, 'POST', `?language=${language}`);
const ORDERS_ON_THEIR_WAY = 'You have an order on its way. You can delete your account once it is delivered or cancelled; see My orders.';

describe('account deletion function', () => {
  it('refuses a request without a valid session', async () => {
    expect((await deleteAccount(request(), admin)).status).toBe(401);
    expect((await deleteAccount(request('not-a-token'), admin)).status).toBe(401);
    expect((await deleteAccount(request(undefined, 'GET'), admin)).status).toBe(405);
  });

  it("says its refusals in the page's language: Hindi from a Hindi page, English from an English page or one that sends none", async () => {
    const signedOut = await deleteAccount(askedIn('hi'), admin);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: hindi.text.refusals.deleteSignIn });
    expect(await (await deleteAccount(askedIn('hi', 'not-a-token'), admin)).json()).toEqual({ error: hindi.text.refusals.deleteSessionEnded });
    expect(await (await deleteAccount(askedIn('en'), admin)).json()).toEqual({ error: 'Sign in to delete your account.' });
    expect(await (await deleteAccount(request('not-a-token'), admin)).json()).toEqual({ error: 'Your session has ended. Sign in again to delete your account.' });
    // A language the shop does not write: English.
    expect(await (await deleteAccount(askedIn('ta'), admin)).json()).toEqual({ error: 'Sign in to delete your account.' });
  });

  it('refuses a language that is not a language code', async () => {
    const badLanguage = await deleteAccount(request('not-a-token', 'POST', '?language=Hindi'), admin);
    expect(badLanguage.status).toBe(400);
    expect((await badLanguage.json()).error).toContain('Choose a language.');
  });

  it('refuses while an order is on its way and removes nothing, with the security headers of every /api answer', async () => {
    const customer = createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: signedIn } = await customer.auth.signInWithPassword({ email: demo.email, password: demo.password });
    const upload = await customer.storage.from('prescriptions').upload(`${demo.id}/kept.pdf`, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    expect(upload.error).toBeNull();
    expect((await admin.from('orders').insert({ user_id: demo.id, provider: 'razorpay', provider_order_id: 'order_shipping_x', amount_paise: 25000, lines: [{ product_id: 1, quantity: 1 }] })).error).toBeNull();
    expect((await admin.rpc('mark_order_paid', { p_provider_order_id: 'order_shipping_x', p_provider_payment_id: 'pay_shipping_x' })).error).toBeNull();

    const response = await deleteAccount(request(signedIn.session!.access_token), admin);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: ORDERS_ON_THEIR_WAY });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // From the Hindi account page, in Hindi.
    expect(await (await deleteAccount(askedIn('hi', signedIn.session!.access_token), admin)).json()).toEqual({ error: hindi.text.refusals.deleteOrdersOnTheirWay });
    expect((await admin.storage.from('prescriptions').list(demo.id)).data?.map((file) => file.name)).toEqual(['kept.pdf']);
    expect((await admin.auth.admin.getUserById(demo.id)).error).toBeNull();

    // Delivered, the order no longer stands in the way.
    for (const status of ['packed', 'shipped', 'delivered']) {
      expect((await admin.rpc('set_order_status', { p_order_id: (await admin.from('orders').select('id').eq('provider_order_id', 'order_shipping_x').single()).data!.id, p_status: status, p_actor_role: 'support', p_actor_id: null, p_note: null })).error).toBeNull();
    }
    expect((await admin.storage.from('prescriptions').remove([`${demo.id}/kept.pdf`])).error).toBeNull();
  });

  // The order delivered above stays: nobody, the service role included, deletes an order.
  it("deletes the customer's account, files and rows, keeps the paid orders anonymised and says so", async () => {
    const customer = createClient(emulator.url, emulator.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: signedIn } = await customer.auth.signInWithPassword({ email: demo.email, password: demo.password });
    expect((await customer.from('addresses').insert(address)).error).toBeNull();
    expect((await customer.from('cart').insert({ user_id: demo.id, items: [], cart_total: 0 })).error).toBeNull();
    const upload = await customer.storage.from('prescriptions').upload(`${demo.id}/rx.pdf`, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    expect(upload.error).toBeNull();
    await customer.from('prescription_files').insert({ request_id: demo.id, file_name: 'rx.pdf', file_url: `${demo.id}/rx.pdf`, file_type: 'application/pdf', uploaded_by: demo.id });
    const placed = await admin.from('orders').insert([
      { user_id: demo.id, provider: 'razorpay', provider_order_id: 'order_paid_x', amount_paise: 25000, lines: [{ product_id: 1, quantity: 1 }] },
      { user_id: demo.id, provider: 'razorpay', provider_order_id: 'order_open_x', amount_paise: 25000, lines: [{ product_id: 1, quantity: 1 }] },
    ]);
    expect(placed.error).toBeNull();
    expect((await admin.from('orders').update({ payment_status: 'paid' }).eq('provider_order_id', 'order_paid_x')).error).toBeNull();

    const response = await deleteAccount(request(signedIn.session!.access_token), admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, removed: { addresses: 1, prescriptions: 1, unpaidOrders: 1 }, kept: { paidOrders: 2 } });

    expect((await admin.auth.admin.getUserById(demo.id)).error).not.toBeNull();
    expect((await admin.storage.from('prescriptions').list(demo.id)).data).toEqual([]);
    expect((await admin.from('addresses').select('id').eq('user_id', demo.id)).data).toEqual([]);
    expect((await admin.from('cart').select('id').eq('user_id', demo.id)).data).toEqual([]);
    const { data: orders } = await admin.from('orders').select('provider_order_id, user_id, payment_status').order('provider_order_id');
    expect(orders).toEqual([
      { provider_order_id: 'order_paid_x', user_id: null, payment_status: 'paid' },
      { provider_order_id: 'order_shipping_x', user_id: null, payment_status: 'paid' },
    ]);
    expect((await customer.auth.signInWithPassword({ email: demo.email, password: demo.password })).error).not.toBeNull();
  });
});
