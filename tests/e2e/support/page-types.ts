import { expect, type Locator } from '@playwright/test';
import { fixtureProduct } from './fixture-catalogue';

/** One page of every type the store serves, as a customer reaches it. */
export const PAGE_TYPES = {
  home: '/',
  productList: '/products',
  rxProduct: `/products/${fixtureProduct(1).slug}`,
  otcProduct: `/products/${fixtureProduct(14).slug}`,
  cart: '/cart',
  login: '/login',
  forgotPassword: '/forgot-password',
  contact: '/contact-us',
  policy: '/privacy-policy',
  productNotFound: '/product-not-found',
  // tests/fixtures/campaigns (scripts/test.sh builds with CAMPAIGNS_DIR).
  offer: '/offers/diabetes-care-week',
  phonePeCallback: '/payment/phonepe/callback',
};

/** Any URL nothing is served at: the 404 page. */
export const MISSING_PAGE = '/no-such-page';

/** Waits until the React island around a control has hydrated, so a click reaches its handler. */
export async function whenHydrated(control: Locator): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  // Product cart controls hydrate on the first interaction (client:interact): focus starts it.
  await control.focus();
  await expect(control.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  return control;
}
