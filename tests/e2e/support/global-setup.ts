import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_CATALOGUE, fixtureNames } from './fixture-catalogue';
import { FIXTURE_DELIVERY, FIXTURE_DELIVERY_FILE } from './fixture-delivery';

/**
 * The specs expect the fixture catalogue's names and prices and the fixture delivery zones; a build
 * from content/ would fail them for no fault of the store. Say so at once instead.
 */
export default function checkBuiltFromFixture(): void {
  const builtDelivery = path.resolve('.generated/delivery.json');
  if (existsSync(builtDelivery) && readFileSync(builtDelivery, 'utf8') !== readFileSync(FIXTURE_DELIVERY_FILE, 'utf8')) {
    throw new Error(`The site was not built from ${FIXTURE_DELIVERY}: run \`DELIVERY_DIR=${FIXTURE_DELIVERY} npm run build\` first (npm test does).`);
  }
  const built = path.resolve('dist/catalogue');
  if (!existsSync(built)) return;
  const names = readdirSync(built)
    .filter((file) => file.endsWith('.json'))
    .map((file) => (JSON.parse(readFileSync(path.join(built, file), 'utf8')) as { name?: unknown }).name);
  const expected = new Set(fixtureNames());
  if (names.length !== expected.size || names.some((name) => typeof name === 'string' && !expected.has(name))) {
    throw new Error(`dist/ was not built from ${FIXTURE_CATALOGUE}: run \`CATALOGUE_DIR=${FIXTURE_CATALOGUE} npm run build\` first (npm test does).`);
  }
}
