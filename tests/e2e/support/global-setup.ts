import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_CATALOGUE, fixtureNames } from './fixture-catalogue';
import { FIXTURE_DELIVERY, FIXTURE_DELIVERY_FILE } from './fixture-delivery';

/**
 * The specs expect the fixture catalogue's names and prices and the fixture delivery zones; a build
 * from content/ would fail them for no fault of the store. Say so at once instead.
 */
function checkBuiltFromFixture(): void {
  const builtDelivery = path.resolve('.generated/delivery.json');
  if (existsSync(builtDelivery) && readFileSync(builtDelivery, 'utf8') !== readFileSync(FIXTURE_DELIVERY_FILE, 'utf8')) {
    throw new Error(`The site was not built from ${FIXTURE_DELIVERY}: run \`DELIVERY_DIR=${FIXTURE_DELIVERY} npm run build\` first (npm test does).`);
  }
  const built = path.resolve('dist/catalogue/cards');
  if (!existsSync(built)) return;
  const names = readdirSync(built)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => (JSON.parse(readFileSync(path.join(built, file), 'utf8')) as { name?: unknown }[]).map((card) => card.name));
  const expected = new Set(fixtureNames());
  if (names.length !== expected.size || names.some((name) => typeof name === 'string' && !expected.has(name))) {
    throw new Error(`dist/ was not built from ${FIXTURE_CATALOGUE}: run \`CATALOGUE_DIR=${FIXTURE_CATALOGUE} npm run build\` first (npm test does).`);
  }
}

const SITE = `http://localhost:${process.env.PORT ?? 8888}`;

/**
 * A fresh server builds every function at once as it starts; until that is done the first pages
 * and calls wait behind it, and on a loaded machine the first tests of each worker ran out of time
 * waiting. Waiting here, once, keeps that start-up out of every test's own time limit. A page and
 * one call of each kind the specs make first (GET and POST functions) come back once it is over.
 */
async function waitForWarmServer(): Promise<void> {
  const deadline = Date.now() + 600_000;
  const calls: [string, RequestInit][] = [
    ['/', {}],
    ['/api/stock/availability?ids=1', {}],
    ['/api/orders/get?number=MK-2026-000000', {}],
    ['/api/razorpay/create-order', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
  ];
  for (const [path, init] of calls) {
    for (;;) {
      const answered = await fetch(`${SITE}${path}`, { ...init, signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) }).then(
        (response) => response.status < 500,
        () => false,
      );
      if (answered) break;
      if (Date.now() >= deadline) throw new Error(`${SITE}${path} did not answer within 10 minutes of the server's start`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export default async function globalSetup(): Promise<void> {
  checkBuiltFromFixture();
  await waitForWarmServer();
}
