import { expect, type Locator } from '@playwright/test';

/** One page of every type the store serves, as a customer reaches it. */
export const PAGE_TYPES = {
  home: '/',
  productList: '/products',
  rxProduct: '/products/metformin-500mg-tablet',
  otcProduct: '/products/cetirizine-10mg-tablet',
  cart: '/cart',
  login: '/login',
  forgotPassword: '/forgot-password',
  contact: '/contact-us',
  policy: '/privacy-policy',
  productNotFound: '/product-not-found',
  phonePeCallback: '/payment/phonepe/callback',
} as const;

/** Any URL nothing is served at: the 404 page. */
export const MISSING_PAGE = '/no-such-page';

/** Waits until the React island around a control has hydrated, so a click reaches its handler. */
export async function whenHydrated(control: Locator): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  await expect(control.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  return control;
}
