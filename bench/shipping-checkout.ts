/**
 * Checkout with the courier provider under load (issue 39): 2,000 mixed checkout calls on the local
 * production-like server, twice: first with the serviceability cache cold (a fresh server, an empty
 * public.shipping_serviceability), then warm (the same PIN codes again). The mix is the cart's
 * PIN-code check (GET /api/shipping/serviceability) and order creation (cash on delivery and
 * Razorpay) across own-zone, courier, cash-less and unserviceable PIN codes. Counts answers by
 * status (any 5xx is a fault) and checks that every order created has a promised date.
 * Runs alone: `tsx bench/shipping-checkout.ts [--calls=2000] [--concurrency=8]` after `npm run build`.
 */
import { createClient } from '@supabase/supabase-js';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_DIRECTORY } from '../src/features/catalogue/catalogue-directory.ts';
import { isPurchasable } from '../src/domain/product.ts';
import { sellingPricePaise } from '../src/domain/selling-price.ts';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files.ts';
import { localEnv } from '../src/lib/local-stack.ts';
import { startServer } from './api-load.ts';

export interface ShippingPassFigures {
  calls: number;
  seconds: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  serverErrorSamples: string[];
  /** Milliseconds, by kind of call: median and 95th percentile. */
  latency: Record<string, { p50: number; p95: number }>;
  ordersCreated: number;
  ordersWithoutPromise: number;
}

export interface ShippingCheckoutFigures {
  cold: ShippingPassFigures;
  warm: ShippingPassFigures;
  pinCodes: number;
}

/** PIN codes across India: Bengaluru (own zone), courier cities, the north-east (no COD), the islands (nobody). */
function pinCodes(): string[] {
  const courier = ['411001', '400001', '110001', '700001', '600001', '500001', '380001', '302001', '226001', '800001', '682001', '452001', '141001', '160017'];
  const many = Array.from({ length: 120 }, (_, index) => String(110001 + ((index * 7919) % 740000)).padStart(6, '1')).filter((pin) => /^[1-8]\d{5}$/.test(pin));
  return [...new Set(['560001', '560038', '560100', '781001', '795001', '744101', '744301', ...courier, ...many])];
}

const percentile = (values: number[], share: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};

async function pass(origin: string, calls: number, concurrency: number, pins: string[], products: Array<{ id: number; paise: number }>): Promise<ShippingPassFigures> {
  const byStatus: Record<string, number> = {};
  const times: Record<string, number[]> = {};
  const serverErrorSamples: string[] = [];
  const sessions: string[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const index = next++;
      const pin = pins[index % pins.length]!;
      const kind = index % 5 < 3 ? 'serviceability' : index % 5 === 3 ? 'cod create-order' : 'razorpay create-order';
      let request: Request;
      if (kind === 'serviceability') request = new Request(`${origin}/api/shipping/serviceability?pin=${pin}`);
      else {
        const product = products[index % products.length]!;
        const sessionId = crypto.randomUUID();
        sessions.push(sessionId);
        const body = {
          amount: product.paise,
          lines: [{ productId: product.id, quantity: 1 }],
          cartSessionId: sessionId,
          prescriptionPaths: [],
          delivery: { full_name: 'Load Test', mobile: '98450 12345', line1: '12 Main Road', area: 'Central', city: 'Somewhere', state: 'Karnataka', pin_code: pin, email: 'load@example.test' },
        };
        request = new Request(`${origin}/api/${kind === 'cod create-order' ? 'cod' : 'razorpay'}/create-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      }
      const began = performance.now();
      let status: string;
      try {
        const answer = await fetch(request);
        const text = await answer.text();
        status = String(answer.status);
        if (answer.status >= 500 && serverErrorSamples.length < 5) serverErrorSamples.push(`${kind} ${pin}: ${answer.status} ${text.slice(0, 200)}`);
      } catch (error) {
        status = 'no answer';
        if (serverErrorSamples.length < 5) serverErrorSamples.push(`${kind} ${pin}: ${(error as Error).message}`);
      }
      (times[kind] ??= []).push(performance.now() - began);
      byStatus[`${kind} ${status}`] = (byStatus[`${kind} ${status}`] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  // Every order the server took carries the promise it settled.
  const env = localEnv();
  const db = createClient(env.SUPABASE_URL!, env.SUPABASE_SERVICE_ROLE_KEY!, { auth: { persistSession: false } });
  let ordersCreated = 0;
  let ordersWithoutPromise = 0;
  for (let start = 0; start < sessions.length; start += 200) {
    const { data, error } = await db.from('orders').select('promised_delivery_date').in('guest_session_id', sessions.slice(start, start + 200));
    if (error) throw new Error(`reading the orders: ${error.message}`);
    ordersCreated += data.length;
    ordersWithoutPromise += data.filter((row) => row.promised_delivery_date === null).length;
  }
  const serverErrors = Object.entries(byStatus)
    .filter(([key]) => / (5\d\d|no answer)$/.test(key))
    .reduce((sum, [, count]) => sum + count, 0);
  const latency = Object.fromEntries(Object.entries(times).map(([kind, values]) => [kind, { p50: percentile(values, 0.5), p95: percentile(values, 0.95) }]));
  return { calls, seconds, byStatus, serverErrors, serverErrorSamples, latency, ordersCreated, ordersWithoutPromise };
}

export async function measureShippingCheckout({ calls = 2000, concurrency = 8, port = 8899 } = {}): Promise<ShippingCheckoutFigures> {
  const products = (await readCatalogueDirectory(CATALOGUE_DIRECTORY))
    .filter((product) => isPurchasable(product) && !product.requires_prescription && product.cod_available)
    .map((product) => ({ id: product.id, paise: sellingPricePaise(product) }));
  if (products.length === 0) throw new Error(`${CATALOGUE_DIRECTORY} has no product a guest can buy with cash on delivery`);
  const pins = pinCodes();
  const server = await startServer(port);
  try {
    const origin = `http://localhost:${port}`;
    const cold = await pass(origin, calls, concurrency, pins, products);
    const warm = await pass(origin, calls, concurrency, pins, products);
    return { cold, warm, pinCodes: pins.length };
  } finally {
    server.stop();
  }
}

export function printShippingCheckout(figures: ShippingCheckoutFigures): void {
  console.log(`\nCheckout with the courier provider: ${figures.cold.calls} mixed calls over ${figures.pinCodes} PIN codes, cache cold then warm (targets: 0 answers 5xx, 0 orders without a promised date)`);
  for (const [name, run] of [['cold', figures.cold], ['warm', figures.warm]] as const) {
    console.log(`  ${name}: ${run.seconds.toFixed(1)} s; 5xx or no answer: ${run.serverErrors}; orders created ${run.ordersCreated}, without a promised date ${run.ordersWithoutPromise}`);
    for (const [kind, { p50, p95 }] of Object.entries(run.latency).sort()) console.log(`    ${kind.padEnd(24)} p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
    for (const [key, count] of Object.entries(run.byStatus).sort()) console.log(`    ${key.padEnd(34)} ${count}`);
    for (const sample of run.serverErrorSamples) console.log(`    ${sample}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Map(process.argv.slice(2).map((arg) => [arg.replace(/^--/, '').split('=')[0]!, arg.split('=')[1] ?? 'true']));
  const figures = await measureShippingCheckout({ calls: Number(args.get('calls') ?? 2000), concurrency: Number(args.get('concurrency') ?? 8) });
  printShippingCheckout(figures);
  const faults = figures.cold.serverErrors + figures.warm.serverErrors + figures.cold.ordersWithoutPromise + figures.warm.ordersWithoutPromise;
  process.exit(faults === 0 ? 0 : 1);
}
