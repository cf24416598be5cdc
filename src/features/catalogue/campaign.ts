import { offers } from '../../domain/strings/english/offers';
import { fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';
import { z } from 'zod';
import type { Product } from '../../domain/product';
import { calendarDate } from '../../lib/policy-front-matter';
import { categoryGroups, conditionGroups } from './browse-groups';
import { sortProducts } from './product-list';

/**
 * A marketing campaign: content/campaigns/<slug>.md prebuilds /offers/<slug>. Its products are a
 * list of product ids, or every product of a category, of a condition, or matching a search.
 */
export const campaignFrontMatterSchema = z
  .object({
    title: z.string({ error: 'title must be the offer heading, as text' }).trim().min(1, 'title must not be empty'),
    description: z.string({ error: 'description must be one sentence for search results and share previews, as text' }).trim().min(1, 'description must not be empty'),
    hero: z
      .string({ error: 'hero must be the path of the offer picture under public/, for example /images/campaigns/monsoon.webp' })
      .regex(/^\/images\/[\w./-]+\.(webp|jpg|jpeg|png|avif)$/, 'hero must be the path of the offer picture under public/images, for example /images/campaigns/monsoon.webp'),
    heroAlt: z.string({ error: 'heroAlt must describe the offer picture, as text' }).trim().min(1, 'heroAlt must describe the offer picture'),
    products: z.array(z.number().int().positive(), { error: 'products must be a list of product ids, for example [14, 18]' }).min(1, 'products must list at least one product id').optional(),
    category: z.string({ error: 'category must be a category name, as text' }).trim().min(1).optional(),
    condition: z.string({ error: 'condition must be a condition name, as text' }).trim().min(1).optional(),
    search: z.string({ error: 'search must be the words to search for, as text' }).trim().min(1).optional(),
    start: calendarDate,
    end: calendarDate,
    /** A coupon code marketing made at /desk/coupons, shown on the offer page; the cart checks it like any typed code. */
    coupon: z
      .string({ error: 'coupon must be a coupon code, as text, for example MONSOON15' })
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,23}$/, 'coupon must be 3 to 24 letters, digits, - or _, for example MONSOON15'))
      .optional(),
  })
  .superRefine((campaign, ctx) => {
    const chosen = [campaign.products, campaign.category, campaign.condition, campaign.search].filter((choice) => choice !== undefined).length;
    if (chosen !== 1) ctx.addIssue({ code: 'custom', path: ['products'], message: 'give exactly one of products, category, condition or search: what the offer sells' });
    if (campaign.end < campaign.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be on or after start' });
  });
export type CampaignFrontMatter = z.output<typeof campaignFrontMatterSchema>;

export type CampaignState = 'upcoming' | 'running' | 'ended';

// Offers start and end by the calendar in India: from 00:00 IST on the start date to the end of the end date.
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function campaignState(campaign: Pick<CampaignFrontMatter, 'start' | 'end'>, now: Date): CampaignState {
  const opens = campaign.start.getTime() - IST_OFFSET_MS;
  const closes = campaign.end.getTime() + DAY_MS - IST_OFFSET_MS;
  if (now.getTime() < opens) return 'upcoming';
  return now.getTime() < closes ? 'running' : 'ended';
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The campaign's products in name order. A search keeps the products whose name, salt, brand or
 * marketer holds every word searched for; ids no longer in the catalogue are left out.
 */
export function campaignProducts(campaign: CampaignFrontMatter, products: readonly Product[]): Product[] {
  if (campaign.products) {
    const byId = new Map(products.map((product) => [product.id, product]));
    return sortProducts(campaign.products.flatMap((id) => byId.get(id) ?? []), 'name');
  }
  if (campaign.category !== undefined) {
    const name = campaign.category;
    return categoryGroups(products).find((group) => sameName(group.name, name))?.products ?? [];
  }
  if (campaign.condition !== undefined) {
    const name = campaign.condition;
    return conditionGroups(products).find((group) => sameName(group.name, name))?.products ?? [];
  }
  const words = (campaign.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return sortProducts(
    products.filter((product) => {
      const text = [product.name, product.salt, product.brand, product.marketer].join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    }),
    'name',
  );
}

/** 31 Dec 2026: the date as customers in India read it (in the page's locale; English's by default). */
export function offerDate(date: Date, locale = 'en-IN'): string {
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const campaignPath = (slug: string) => `/offers/${slug}`;

/** What the offer page says about its dates. */
export function campaignNotice(
  campaign: Pick<CampaignFrontMatter, 'start' | 'end'>,
  state: CampaignState,
  text: Pick<StringTable['offers'], 'ended' | 'upcoming' | 'running'> = offers,
  locale = 'en-IN',
): string {
  if (state === 'ended') return fill(text.ended, { date: offerDate(campaign.end, locale) });
  if (state === 'upcoming') return fill(text.upcoming, { date: offerDate(campaign.start, locale) });
  return fill(text.running, { date: offerDate(campaign.end, locale) });
}
