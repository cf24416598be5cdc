import { expect, test, type Page } from '@playwright/test';
import { DEMO, fillLogin, headerLogin, headerLogout, hydrated, signInAsDemo } from './support/accounts';

const AUTH_STORAGE_KEY = 'medikart-auth-token';

test.describe('signing in', () => {
  test('the demo customer sees the success message, then lands on /products after 0.5 s', async ({ page }) => {
    await page.clock.install();
    await fillLogin(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await page.clock.runFor(499);
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/\/products$/);
    await page.clock.resume();
    await expect(headerLogout(page)).toBeVisible();
  });

  test("a wrong password shows the server's message and stays signed out", async ({ page }) => {
    await fillLogin(page, DEMO.email, 'not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(headerLogin(page)).toBeVisible();
  });

  test('empty fields are stopped by the browser before any request', async ({ page }) => {
    await page.goto('/login');
    const email = await hydrated(page.getByLabel('Email'));
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/token')) requests += 1;
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await email.fill(DEMO.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(requests).toBe(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the password can be shown and hidden again', async ({ page }) => {
    await fillLogin(page, DEMO.email, 'Secret@1');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('Secret@1');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe("before the form's script has arrived", () => {
  /** Keeps the sign-in form's own script from arriving until `release` is called: the page as drawn by the build. */
  async function holdLoginScript(page: Page): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/LoginForm\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('the page loads neither React nor the cart store until the customer acts on the form', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /LoginForm|client\.|cart-store|cart-badge-loads/.test(script))).toEqual([]);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });

  test('what is typed and sent before it arrives is kept, sent once it has, and never put in the address', async ({ page }) => {
    const release = await holdLoginScript(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
    release();
    await expect(page).toHaveURL(/\/products$/);
    await expect(headerLogout(page)).toBeVisible();
  });

  test('Show, a tab chosen by pointer and one by arrow key before it arrives each happen once it has', async ({ page }) => {
    let release = await holdLoginScript(page);
    await page.goto('/login');
    await page.getByLabel('Password', { exact: true }).fill('Secret@1');
    await page.getByRole('button', { name: 'Show password' }).click();
    release();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Secret@1');

    release = await holdLoginScript(page);
    await page.reload();
    await page.getByRole('tab', { name: 'Mobile number' }).click();
    release();
    await expect(page.getByRole('tab', { name: 'Mobile number' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Mobile number')).toBeVisible();

    release = await holdLoginScript(page);
    await page.reload();
    await page.getByRole('tab', { name: 'Email' }).focus();
    await page.keyboard.press('ArrowRight');
    release();
    await expect(page.getByRole('tab', { name: 'Mobile number' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Mobile number' })).toBeFocused();
  });
});

test.describe('the session', () => {
  test('a reload keeps the customer signed in', async ({ page }) => {
    await signInAsDemo(page);
    await page.reload();
    await expect(headerLogout(page)).toBeVisible();
    await expect(headerLogin(page)).toBeHidden();
    await page.goto('/contact-us');
    await expect(headerLogout(page)).toBeVisible();
  });

  test('the header shows the right button before any script module has run', async ({ page }) => {
    await signInAsDemo(page, true);
    // No bundled script loads: only what the page decides while parsing can show Logout.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(headerLogout(page)).toBeVisible();
    await expect(headerLogin(page)).toBeHidden();
    const authSlot = page.getByRole('banner').getByRole('listitem').last();
    const signedInWidth = (await authSlot.boundingBox())!.width;
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(headerLogin(page)).toBeVisible();
    await expect(headerLogout(page)).toBeHidden();
    // Both buttons share one cell, so switching between them never moves the header.
    expect((await authSlot.boundingBox())!.width).toBe(signedInWidth);
  });

  test("without 'Remember me' the session ends with the browser; with it, it survives", async ({ page, browser }) => {
    await signInAsDemo(page, false);
    const forgotten = await browser.newContext({ storageState: await page.context().storageState() });
    const afterRestart = await forgotten.newPage();
    await afterRestart.goto('/products');
    await expect(headerLogin(afterRestart)).toBeVisible();
    await forgotten.close();

    const rememberedPage = await browser.newPage();
    await signInAsDemo(rememberedPage, true);
    const remembered = await browser.newContext({ storageState: await rememberedPage.context().storageState() });
    const later = await remembered.newPage();
    await later.goto('/products');
    await expect(headerLogout(later)).toBeVisible();
    await remembered.close();
    await rememberedPage.context().close();
  });

  test('Logout clears the session and the contact marker and goes home', async ({ page }) => {
    await signInAsDemo(page, true);
    await page.evaluate(() => {
      localStorage.setItem('medikart-contact-submitted', JSON.stringify({ submittedAt: Date.now() }));
      sessionStorage.setItem('phonepe-return', 'pending');
    });
    const revoke = page.waitForRequest('**/auth/v1/logout**');
    await headerLogout(page).click();
    await revoke;
    await expect(page).toHaveURL(/\/$/);
    await expect(headerLogin(page)).toBeVisible();
    const left = await page.evaluate((key) => ({
      token: localStorage.getItem(key) ?? sessionStorage.getItem(key),
      marker: localStorage.getItem('medikart-contact-submitted'),
      perTab: sessionStorage.length,
    }), AUTH_STORAGE_KEY);
    expect(left).toEqual({ token: null, marker: null, perTab: 0 });
    await page.reload();
    await expect(headerLogin(page)).toBeVisible();
  });

  test('Logout still signs out locally and goes home when the server refuses to sign out', async ({ page }) => {
    await signInAsDemo(page, true);
    await page.route('**/auth/v1/logout**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'Internal error' }) }),
    );
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await headerLogout(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
    expect(errors.some((text) => text.includes('Sign-out failed'))).toBe(true);
  });
});

test.describe('forgotten password', () => {
  test('asks for a reset link from the login page and answers neutrally, known account or not', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    for (const email of [DEMO.email, 'nobody@pharmacy.test']) {
      await page.goto('/forgot-password');
      await (await hydrated(page.getByLabel('Email'))).fill(email);
      const recover = page.waitForRequest('**/auth/v1/recover**');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const request = await recover;
      expect(request.postDataJSON()).toMatchObject({ email });
      expect(new URL(request.url()).searchParams.get('redirect_to')).toBe(new URL('/reset-password', page.url()).href);
      await expect(page.getByRole('status')).toHaveText("If an account exists for that email, we've sent a link to reset your password.");
    }
  });

  test('shows an error from the auth server plainly', async ({ page }) => {
    await page.route('**/auth/v1/recover**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 429, error_code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded' }),
      }),
    );
    await page.goto('/forgot-password');
    await (await hydrated(page.getByLabel('Email'))).fill(DEMO.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email rate limit exceeded');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});
