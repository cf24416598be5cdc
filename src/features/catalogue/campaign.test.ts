import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../domain/product';
import { readCatalogueDirectory } from './read-catalogue-files';
import { campaignFrontMatterSchema, campaignNotice, campaignProducts, campaignState } from './campaign';

const FIXTURE = path.resolve(import.meta.dirname, '../../../tests/fixtures/catalogue');
let products: Product[];
beforeAll(async () => {
  products = await readCatalogueDirectory(FIXTURE);
});

const offer = (fields: Record<string, unknown>) =>
  campaignFrontMatterSchema.parse({ title: 'Offer', description: 'An offer.', hero: '/images/campaigns/offer.webp', heroAlt: 'Tablets', start: '2026-07-01', end: '2026-07-31', ...fields });
const names = (list: Product[]) => list.map((product) => product.name);

describe('a campaign', () => {
  it('runs from 00:00 IST on its start date to the end of its end date in India', () => {
    const july = offer({ search: 'cetirizine' });
    expect(campaignState(july, new Date('2026-06-30T18:29:59Z'))).toBe('upcoming');
    expect(campaignState(july, new Date('2026-06-30T18:30:00Z'))).toBe('running');
    expect(campaignState(july, new Date('2026-07-31T18:29:59Z'))).toBe('running');
    expect(campaignState(july, new Date('2026-07-31T18:30:00Z'))).toBe('ended');
  });

  it('says when an offer ended, or when it starts', () => {
    const july = offer({ search: 'cetirizine' });
    expect(campaignNotice(july, 'ended')).toBe("This offer ended on 31 Jul 2026. Its products are listed below at today's prices.");
    expect(campaignNotice(july, 'upcoming')).toBe('This offer starts on 1 Jul 2026.');
    expect(campaignNotice(july, 'running')).toBe('Offer valid until 31 Jul 2026.');
  });

  it('sells the listed products, a condition, a category or a search, in name order', () => {
    expect(names(campaignProducts(offer({ products: [12, 10, 999] }), products))).toEqual(['Clotrimazole 1% Dusting Powder', 'Mometasone Furoate 0.1% Cream']);
    expect(names(campaignProducts(offer({ condition: 'type 2 diabetes mellitus' }), products))).toContain('Metformin 500mg Tablet');
    expect(names(campaignProducts(offer({ search: 'metformin 500mg' }), products))).toEqual(['Glycomet 500mg Tablet', 'Metformin 500mg Tablet', 'Metformin 500mg Tablet CR']);
    const [category] = products.map((product) => product.category);
    expect(campaignProducts(offer({ category: category!.toUpperCase() }), products).every((product) => product.category === category)).toBe(true);
  });

  it('refuses an offer that says neither or both of what it sells, or ends before it starts', () => {
    expect(campaignFrontMatterSchema.safeParse({ title: 'Offer', description: 'An offer.', hero: '/images/x.webp', heroAlt: 'x', start: '2026-07-01', end: '2026-07-31' }).error?.issues[0]?.message).toBe(
      'give exactly one of products, category, condition or search: what the offer sells',
    );
    expect(() => offer({ search: 'x', category: 'Derma' })).toThrow('give exactly one of products, category, condition or search');
    expect(() => offer({ search: 'x', end: '2026-06-30' })).toThrow('end must be on or after start');
    expect(() => offer({ search: 'x', start: '01/07/2026' })).toThrow('must be a date written as YYYY-MM-DD');
  });

  it('may carry a coupon code, shown on the offer page (any case, stored upper-case)', () => {
    expect(offer({ search: 'x', coupon: ' monsoon15 ' }).coupon).toBe('MONSOON15');
    expect(offer({ search: 'x' }).coupon).toBeUndefined();
    expect(() => offer({ search: 'x', coupon: '15% off' })).toThrow('coupon must be 3 to 24 letters, digits, - or _');
  });
});
