import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogue } from '../../../scripts/check-catalogue';
import { checkPolicies } from '../../../scripts/check-content';
import { contentProblems, fieldProblems } from './content-checks';

const FIXTURE_PRODUCT = path.resolve(import.meta.dirname, '../../../tests/fixtures/catalogue/14-cetirizine-10mg-tablet.json');
const SHIPPING_POLICY = path.resolve(import.meta.dirname, '../../../content/policies/shipping-policy.md');
let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

const product = () => JSON.parse(readFileSync(FIXTURE_PRODUCT, 'utf8')) as Record<string, unknown> & { upm_product_details: Record<string, unknown> };

describe('the content editor refuses what npm run check:content refuses, in its words', () => {
  it("an MRP of 'abc': the catalogue check's sentence, under the MRP field only", async () => {
    const record = { ...product(), mrp: 'abc' };
    folder = mkdtempSync(path.join(tmpdir(), 'editor-checks-'));
    writeFileSync(path.join(folder, '14-cetirizine-10mg-tablet.json'), JSON.stringify(record));
    const [printed] = (await checkCatalogue(folder)).errors;
    expect(fieldProblems('products', record, 'mrp')).toEqual([printed!.message]);
    expect(fieldProblems('products', record, 'current_price')).toEqual([]);
  });

  it("a product's empty description belongs to upm_product_details.description", () => {
    const record = product();
    record.upm_product_details = { ...record.upm_product_details, description: '' };
    expect(fieldProblems('products', record, 'upm_product_details.description')).toEqual(['upm_product_details.description: "" must not be empty']);
  });

  it("a policy's lastUpdated written 31/07/2025: the policy check's sentence", async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'editor-checks-'));
    cpSync(SHIPPING_POLICY, path.join(folder, 'shipping-policy.md'));
    writeFileSync(path.join(folder, 'shipping-policy.md'), readFileSync(SHIPPING_POLICY, 'utf8').replace(/^lastUpdated: .*$/m, "lastUpdated: '31/07/2025'"));
    const [printed] = await checkPolicies(folder);
    const policy = { title: 'Shipping Policy', description: 'How orders ship.', lastUpdated: '31/07/2025', order: 6, body: 'Text.' };
    expect(fieldProblems('policies', policy, 'lastUpdated')).toEqual([printed!.message]);
    expect(fieldProblems('policies', { ...policy, lastUpdated: '2025-07-31' }, 'lastUpdated')).toEqual([]);
  });

  it('an offer left with no products, category, condition or search is refused; empty choices are not choices', () => {
    const offer = { title: 'Sale', description: 'One sentence.', hero: '/images/campaigns/sale.webp', heroAlt: 'A strip of tablets', start: '2026-01-01', end: '2026-01-31', products: [], category: '', body: '' };
    expect(contentProblems('campaigns', offer).map((problem) => problem.message)).toEqual(['products give exactly one of products, category, condition or search: what the offer sells']);
    expect(contentProblems('campaigns', { ...offer, category: 'Allopathy' })).toEqual([]);
  });

  it("two delivery zones claiming a PIN code: the delivery check's sentence, under the zones", () => {
    const zone = { name: 'Bengaluru', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001'] };
    const delivery = { codLimitPaise: 500000, nonDeliveryDates: [], zones: [{ id: 'a', ...zone }, { id: 'b', ...zone }] };
    expect(fieldProblems('delivery', delivery, 'zones')).toEqual(['zones.1.pinCodes.0: "560001" overlaps "560001" of zone a: a PIN code belongs to one zone only']);
  });
});
