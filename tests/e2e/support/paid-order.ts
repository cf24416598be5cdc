import { expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { sellingPricePaise, type PriceSource } from '../../../src/domain/selling-price';
import { localEnv } from '../../../emulators/local-env';
import { anonKey } from '../../../emulators/supabase/jwt';
import { serviceClient } from './accounts';

const env = localEnv();
const SITE = `http://localhost:${process.env.PORT ?? 8888}`;

export interface PaidOrder {
  id: string;
  order_number: string;
  /** The signed key of the order link a guest gets. */
  guestKey: string;
  totalPaise: number;
}

/**
 * A Razorpay order placed through the calls the checkout makes, paid in the emulator as its Pay
 * button does, and verified: for specs about what happens after payment (the checkout's own screens
 * are covered by the checkout specs). A guest's prescription is uploaded to the guest's folder first;
 * with an access token the order is the signed-in customer's.
 */
export async function paidRazorpayOrder(order: {
  lines: [product: PriceSource & { id: number }, quantity: number][];
  delivery: Record<string, string>;
  prescription?: { file: Buffer; type: 'image/png' | 'application/pdf' };
  accessToken?: string;
}): Promise<PaidOrder> {
  const sessionId = randomUUID();
  const prescriptionPaths: string[] = [];
  if (order.prescription) {
    const path = `guest-${sessionId}/${randomUUID()}.${order.prescription.type === 'image/png' ? 'png' : 'pdf'}`;
    const anon = createClient(env.SUPABASE_URL!, anonKey(), { auth: { persistSession: false } });
    const upload = await anon.storage.from('prescriptions').upload(path, new Blob([new Uint8Array(order.prescription.file)], { type: order.prescription.type }));
    expect(upload.error).toBeNull();
    prescriptionPaths.push(path);
  }
  const totalPaise = order.lines.reduce((paise, [product, quantity]) => paise + sellingPricePaise(product) * quantity, 0);
  const created = await fetch(`${SITE}/api/razorpay/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(order.accessToken ? { authorization: `Bearer ${order.accessToken}` } : {}) },
    body: JSON.stringify({
      amount: totalPaise,
      lines: order.lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
      prescriptionPaths,
      cartSessionId: sessionId,
      delivery: order.delivery,
    }),
  }).then((response) => response.json() as Promise<{ order: { id: string } }>);
  const paid = await fetch(`${env.RAZORPAY_API_BASE}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: env.RAZORPAY_KEY_ID, order_id: created.order.id }),
  }).then((response) => response.json());
  const verified = await fetch(`${SITE}/api/razorpay/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(paid) });
  expect(verified.status).toBe(200);
  const { guestKey } = (await verified.json()) as { guestKey: string };
  const { data, error } = await serviceClient.from('orders').select('id, order_number').eq('provider_order_id', created.order.id).single();
  if (error) throw new Error(error.message);
  return { id: data.id as string, order_number: data.order_number as string, guestKey, totalPaise };
}
