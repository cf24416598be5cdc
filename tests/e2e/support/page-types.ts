import { expect, type Locator, type Page } from '@playwright/test';

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

/** A cart holding one prescription-only line and one that needs none, opened at /cart. */
export async function openCartWithRxLine(page: Page): Promise<void> {
  await page.goto(PAGE_TYPES.home);
  await page.evaluate(
    (stored) => localStorage.setItem('cart', stored),
    JSON.stringify({
      sessionId: crypto.randomUUID(),
      items: [
        {
          product: {
            id: 1,
            name: 'Metformin 500mg Tablet',
            slug: 'metformin-500mg-tablet',
            mrp: 34.5,
            thumbnail_image: '/images/products/metformin-500mg-tablet/thumb-200x240.webp',
            category: 'allopathy',
            requires_prescription: true,
            sale_state: 'ADD TO CART',
          },
          quantity: 2,
          prescriptionAccepted: false,
          prescriptionFileUrl: null,
        },
        {
          product: {
            id: 14,
            name: 'Cetirizine 10mg Tablet',
            slug: 'cetirizine-10mg-tablet',
            mrp: 21,
            thumbnail_image: '/images/products/cetirizine-10mg-tablet/1-690x700.webp',
            category: 'allopathy',
            requires_prescription: false,
            sale_state: 'ADD TO CART',
          },
          quantity: 1,
          prescriptionAccepted: true,
          prescriptionFileUrl: null,
        },
      ],
    }),
  );
  await page.goto(PAGE_TYPES.cart);
  await expect(page.locator('astro-island').first()).not.toHaveAttribute('ssr', /.*/);
}

export const prescriptionDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Prescription' });
export const orderSummary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
