/**
 * /api load test: the local production-like server (scripts/serve.ts) under a steady stream of mixed
 * payment calls, as the e2e suite and a busy tester make them. Counts answers by status (any 5xx is
 * a fault: every call here has a 2xx or 4xx answer by contract) and samples the peak resident
 * memory of the server's whole process tree (server, emulators, function workers).
 * Runs alone: `tsx bench/api-load.ts [--calls=2000] [--concurrency=8] [--max-seconds=N]` after `npm run build`.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_DIRECTORY } from '../src/features/catalogue/catalogue-directory.ts';
import { isPurchasable } from '../src/domain/product.ts';
import { sellingPricePaise } from '../src/domain/selling-price.ts';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface ApiLoadFigures {
  calls: number;
  concurrency: number;
  seconds: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  /** The first few 5xx answers, to find their cause. */
  serverErrorSamples: string[];
  peakRssMb: number;
  endRssMb: number;
}

interface Call {
  label: string;
  method: string;
  path: string;
  body?: unknown;
}

/** A Bengaluru address the shop delivers to (content/delivery), as a guest's checkout sends it. */
const DELIVERY = {
  full_name: 'Load Test',
  mobile: '98450 12345',
  line1: '12, 4th Cross, Indiranagar',
  area: 'HAL 2nd Stage',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560038',
  email: 'load@example.test',
};

/** The mix: two valid checkouts for every six refused or stray calls. */
async function callMix(): Promise<((index: number) => Call)[]> {
  const products = (await readCatalogueDirectory(CATALOGUE_DIRECTORY)).filter((product) => isPurchasable(product) && !product.requires_prescription);
  if (products.length === 0) throw new Error(`${CATALOGUE_DIRECTORY} has no product a guest can buy`);
  const checkout = (index: number) => {
    const product = products[index % products.length]!;
    const quantity = 1 + (index % 3);
    return {
      amount: sellingPricePaise(product) * quantity,
      lines: [{ productId: product.id, quantity }],
      cartSessionId: crypto.randomUUID(),
      prescriptionPaths: [],
      delivery: DELIVERY,
    };
  };
  return [
    (index) => ({ label: 'razorpay create-order', method: 'POST', path: '/api/razorpay/create-order', body: checkout(index) }),
    (index) => ({
      label: 'phonepe create-payment',
      method: 'POST',
      path: '/api/phonepe/create-payment',
      body: { ...checkout(index), merchantTransactionId: `TXN_load_${Date.now()}_${index}` },
    }),
    (index) => ({
      label: 'razorpay verify (bad signature)',
      method: 'POST',
      path: '/api/razorpay/verify-payment',
      body: { razorpay_order_id: `order_load${index}`, razorpay_payment_id: `pay_load${index}`, razorpay_signature: 'f'.repeat(64) },
    }),
    (index) => ({ label: 'phonepe verify (unknown)', method: 'POST', path: '/api/phonepe/verify-payment', body: { merchantTransactionId: `TXN_unknown_${index}` } }),
    () => ({ label: 'GET on a POST endpoint', method: 'GET', path: '/api/razorpay/create-order' }),
    () => ({ label: 'malformed JSON', method: 'POST', path: '/api/razorpay/create-order', body: '{"amount":' }),
    (index) => ({ label: 'unknown /api path', method: 'POST', path: `/api/nowhere-${index % 5}`, body: {} }),
    () => ({ label: 'razorpay webhook (unsigned)', method: 'POST', path: '/api/razorpay/webhook', body: { event: 'payment.captured' } }),
  ];
}

/** Resident memory of a process and all its descendants, in KiB, from /proc. */
async function treeRssKb(rootPid: number): Promise<number> {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

export async function startServer(port: number): Promise<{ pid: number; stop: () => void }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--fresh'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Storefront ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  server.stdout.resume();
  const stop = () => {
    if (server.exitCode === null) process.kill(-server.pid!, 'SIGTERM');
  };
  // An interrupted run must not leave the server holding its port.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  }
  return { pid: server.pid!, stop };
}

/** `maxSeconds` stops sending early on a machine too busy to finish (the figures then count the calls made). */
export async function measureApiLoad({ calls = 2000, concurrency = 8, port = 8897, maxSeconds = Infinity } = {}): Promise<ApiLoadFigures> {
  const mix = await callMix();
  const origin = `http://localhost:${port}`;
  const server = await startServer(port);
  const byStatus: Record<string, number> = {};
  const serverErrorSamples: string[] = [];
  let peakKb = 0;
  const sampler = setInterval(() => {
    void treeRssKb(server.pid).then((kb) => (peakKb = Math.max(peakKb, kb)));
  }, 200);
  const started = performance.now();
  try {
    let next = 0;
    const worker = async () => {
      while (next < calls && performance.now() - started < maxSeconds * 1000) {
        const index = next++;
        const call = mix[index % mix.length]!(index);
        const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
        let status: string;
        try {
          const answer = await fetch(`${origin}${call.path}`, { method: call.method, headers: { 'content-type': 'application/json' }, body });
          status = String(answer.status);
          const text = await answer.text();
          if (answer.status >= 500 && serverErrorSamples.length < 5) serverErrorSamples.push(`${call.label}: ${answer.status} ${text.slice(0, 300)}`);
        } catch (error) {
          status = 'no answer';
          if (serverErrorSamples.length < 5) serverErrorSamples.push(`${call.label}: ${(error as Error).message}`);
        }
        const key = `${call.label} ${status}`;
        byStatus[key] = (byStatus[key] ?? 0) + 1;
        if ((index + 1) % 250 === 0) console.error(`  /api load: ${index + 1} of ${calls} calls sent after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    const endKb = await treeRssKb(server.pid);
    peakKb = Math.max(peakKb, endKb);
    const serverErrors = Object.entries(byStatus)
      .filter(([key]) => / (5\d\d|no answer)$/.test(key))
      .reduce((sum, [, count]) => sum + count, 0);
    return { calls: next, concurrency, seconds, byStatus, serverErrors, serverErrorSamples, peakRssMb: peakKb / 1024, endRssMb: endKb / 1024 };
  } finally {
    clearInterval(sampler);
    server.stop();
  }
}

export function printApiLoad(figures: ApiLoadFigures): void {
  console.log(`\n/api load: ${figures.calls} calls, ${figures.concurrency} at a time, ${figures.seconds.toFixed(1)} s (target: 0 answers 5xx)`);
  for (const [key, count] of Object.entries(figures.byStatus).sort()) console.log(`  ${key.padEnd(44)} ${count}`);
  console.log(`  5xx or no answer: ${figures.serverErrors}`);
  for (const sample of figures.serverErrorSamples) console.log(`    ${sample}`);
  console.log(`  local server peak RSS (process tree): ${figures.peakRssMb.toFixed(0)} MB, at the end ${figures.endRssMb.toFixed(0)} MB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Map(process.argv.slice(2).map((arg) => [arg.replace(/^--/, '').split('=')[0]!, arg.split('=')[1] ?? 'true']));
  const figures = await measureApiLoad({
    calls: Number(args.get('calls') ?? 2000),
    concurrency: Number(args.get('concurrency') ?? 8),
    maxSeconds: Number(args.get('max-seconds') ?? Infinity),
  });
  printApiLoad(figures);
  process.exit(figures.serverErrors === 0 ? 0 : 1);
}
