import { expect, test } from '@playwright/test';
import { hydrated } from './support/accounts';

const NOT_SENT = 'Sorry, there was an error sending your message. Please try again.';

test('a message that never reaches the server shows the panel fallback, not a browser error', async ({ page }) => {
  await page.route('**/rest/v1/contact_submissions**', (route) => route.abort('internetdisconnected'));
  await page.goto('/contact-us');
  await hydrated(page.getByLabel('Full Name'));
  await page.getByLabel('Full Name').fill('Anil Kumar');
  await page.getByLabel('Email').fill('anil@example.in');
  await page.getByLabel('Subject').selectOption({ label: 'Order Support' });
  await page.getByLabel('Message', { exact: true }).fill('Is my order on its way?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_SENT);
});
