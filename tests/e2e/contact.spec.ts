import type { Page } from '@playwright/test';
import { hydrated, serviceClient, signIn } from './support/accounts';
import { expect, test } from './support/worker-data';

const THANK_YOU = "Thank you for your message! We'll get back to you within 24 hours.";
const KEPT_FOR_A_WEEK = 'This message will be shown for a week from your submission date.';
const MARKER_KEY = 'medikart-contact-submitted';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

async function openContactForm(page: Page): Promise<void> {
  await page.goto('/contact-us');
  await hydrated(page.getByLabel('Full Name'));
}

async function fillForm(page: Page, fields: { name: string; email: string; phone?: string; message: string }) {
  await page.getByLabel('Full Name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  if (fields.phone !== undefined) await page.getByLabel('Phone (optional)').fill(fields.phone);
  await page.getByLabel('Subject').selectOption({ label: 'Prescription Help' });
  await page.getByLabel('Message', { exact: true }).fill(fields.message);
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Message' });

test('the page shows the form beside the store contact details', async ({ page }) => {
  await openContactForm(page);
  await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
  const details = page.getByRole('complementary');
  for (const text of ['MediKart Health Private Limited', 'Bengaluru', 'support@medikart.example', '+91 80 4000 0000']) {
    await expect(details.getByText(text)).toBeVisible();
  }
  await expect(page.getByLabel('Subject').getByRole('option')).toHaveText([
    'Select a subject',
    'General Inquiry',
    'Order Support',
    'Technical Issue',
    'Prescription Help',
    'Billing Question',
    'Partnership Opportunity',
    'Feedback',
    'Other',
  ]);
});

test('missing and malformed fields are reported next to each field and nothing is sent', async ({ page }) => {
  await openContactForm(page);
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/contact_submissions')) sent += 1;
  });
  await sendButton(page).click();
  await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription('Please enter your full name.');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email address.');
  await expect(page.getByLabel('Subject')).toHaveAccessibleDescription('Please choose a subject.');
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Please enter your message.');
  await expect(page.getByLabel('Phone (optional)')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('priya@');
  await sendButton(page).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
  expect(sent).toBe(0);
});

test('sends trimmed text with an empty phone as null, shows Sending... and keeps the thank-you after a reload', async ({ page }) => {
  const message = `Can I upload my prescription later? ${Date.now()}`;
  await openContactForm(page);
  await fillForm(page, { name: '  Priya Nair  ', email: ' priya.nair@example.in ', phone: '   ', message: `  ${message}\n` });

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/contact_submissions**', async (route) => {
    await held;
    await route.continue();
  });
  const insert = page.waitForRequest('**/rest/v1/contact_submissions**');
  await sendButton(page).click();
  const request = await insert;
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  await expect(page.getByText(THANK_YOU)).toBeVisible();
  await expect(page.getByText(KEPT_FOR_A_WEEK)).toBeVisible();
  expect(request.postDataJSON()).toEqual({
    name: 'Priya Nair',
    email: 'priya.nair@example.in',
    phone: null,
    subject: 'prescription',
    message,
  });
  expect(request.headers()['prefer'] ?? '').not.toContain('return=representation');
  expect(new URL(request.url()).searchParams.has('select')).toBe(false);

  const { data, error } = await serviceClient.from('contact_submissions').select('name, email, phone, subject, message').eq('message', message);
  expect(error).toBeNull();
  expect(data).toEqual([{ name: 'Priya Nair', email: 'priya.nair@example.in', phone: null, subject: 'prescription', message }]);

  await page.reload();
  await expect(page.getByText(THANK_YOU)).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
});

test("a message typed and sent before the form's script has arrived is sent once it has, nothing typed lost", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ContactForm\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const message = `Do you deliver to Kochi? ${Date.now()}`;
  await page.goto('/contact-us');
  await fillForm(page, { name: 'Meera Pillai', email: 'meera@example.in', message });
  const insert = page.waitForRequest('**/rest/v1/contact_submissions**');
  await sendButton(page).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  release();
  expect((await insert).postDataJSON()).toEqual({ name: 'Meera Pillai', email: 'meera@example.in', phone: null, subject: 'prescription', message });
  await expect(page.getByText(THANK_YOU)).toBeVisible();
});

test('the thank-you is dropped once the marker is a week old', async ({ page }) => {
  const sentAt = new Date('2025-08-01T10:00:00+05:30');
  await page.clock.install({ time: sentAt });
  await openContactForm(page);
  await fillForm(page, { name: 'Rahul Menon', email: 'rahul@example.in', phone: '+91 98450 12345', message: 'Do you deliver to Mysuru?' });
  await sendButton(page).click();
  await expect(page.getByText(THANK_YOU)).toBeVisible();

  await page.clock.setSystemTime(sentAt.getTime() + WEEK_MS - 60_000);
  await page.reload();
  await expect(page.getByText(THANK_YOU)).toBeVisible();

  await page.clock.setSystemTime(sentAt.getTime() + WEEK_MS + 60_000);
  await page.reload();
  await expect(await hydrated(page.getByLabel('Full Name'))).toBeVisible();
  await expect(page.getByText(THANK_YOU)).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), MARKER_KEY)).toBeNull();
});

test("a failed send shows the server's message in a red panel, which gives way to the form after 5 s", async ({ page }) => {
  await page.clock.install();
  await page.route('**/rest/v1/contact_submissions**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PGRST000', message: 'Could not connect to the database', details: null, hint: null }),
    }),
  );
  await openContactForm(page);
  await fillForm(page, { name: 'Anil Kumar', email: 'anil@example.in', message: 'Is my payment through?' });
  await page.clock.pauseAt(Date.now() + 60_000);
  await sendButton(page).click();
  const panel = page.getByRole('alert');
  await expect(panel).toHaveText('Could not connect to the database');
  await expect(panel).toHaveClass(/bg-red-50/);
  await expect(sendButton(page)).toBeEnabled();
  await page.clock.runFor(4_999);
  await expect(panel).toBeVisible();
  await page.clock.runFor(1);
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel('Full Name')).toHaveValue('Anil Kumar');
});

test('without a message from the server the panel says an unexpected error occurred', async ({ page }) => {
  await page.route('**/rest/v1/contact_submissions**', (route) => route.fulfill({ status: 502, body: '' }));
  await openContactForm(page);
  await fillForm(page, { name: 'Anil Kumar', email: 'anil@example.in', message: 'Hello' });
  await sendButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('An unexpected error occurred. Please try again.');
});

test("a signed-in customer's marker is removed and the form is ready for a new message", async ({ page, customer }) => {
  await signIn(page, customer, true);
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ submittedAt: Date.now() })), 'medikart-contact-submitted');
  await openContactForm(page);
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await expect(page.getByText(THANK_YOU)).toHaveCount(0);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), MARKER_KEY)).toBeNull();
});
