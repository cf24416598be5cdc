import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PAGE_TYPES } from './support/page-types';

/** The policy pages as the content folder holds them: one file, one page. */
const POLICY_FILES = readdirSync('content/policies').filter((file) => file.endsWith('.md'));

test('every footer link leads to a live page whose heading is the link, one per policy page', async ({ page, request }) => {
  for (const start of [PAGE_TYPES.home, PAGE_TYPES.productList, PAGE_TYPES.cart]) {
    await page.goto(start);
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Policies and contact' });
    const links = await footer.getByRole('link').evaluateAll((anchors) =>
      anchors.map((anchor) => ({ href: anchor.getAttribute('href') ?? '', label: anchor.textContent?.trim() ?? '' })),
    );
    expect(links.map((link) => link.href).sort(), start).toEqual([...POLICY_FILES.map((file) => `/${file.replace(/\.md$/, '')}`), '/contact-us'].sort());
    expect(links.at(-1)).toEqual({ href: '/contact-us', label: 'Contact Us' });
    for (const link of links) {
      const answer = await request.get(link.href);
      expect(answer.status(), link.href).toBe(200);
    }
  }

  await page.goto(PAGE_TYPES.home);
  const labels = await page.getByRole('contentinfo').getByRole('link').allInnerTexts();
  for (const label of labels) {
    await page.goto(PAGE_TYPES.home);
    await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  }
});

test('the footer lists the policies in the order their front matter gives', async ({ page }) => {
  const orders = POLICY_FILES.map((file) => {
    const text = readFileSync(`content/policies/${file}`, 'utf8');
    return { href: `/${file.replace(/\.md$/, '')}`, order: Number(/^order:\s*(\d+)/m.exec(text)?.[1]) };
  }).sort((a, b) => a.order - b.order);
  await page.goto(PAGE_TYPES.home);
  const hrefs = await page.getByRole('contentinfo').getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(hrefs).toEqual([...orders.map((policy) => policy.href), '/contact-us']);
});
