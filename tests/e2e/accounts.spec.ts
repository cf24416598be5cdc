import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, headerLogin, headerLogout, hydrated, logOut, serviceClient } from './support/accounts';
import { createConfirmedCustomer, createCustomerWithMobile, INBOX_URL, latestMessageTo, smsCode, uniqueEmail, uniqueMobile } from './support/inbox';
import { OTP_ERRORS } from '../../src/features/auth/otp-strings';
import { openCart, uploadPrescription } from './checkout-support';
import { storedCart } from './support/cart';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const CONSENT = 'I am 18 or older and accept the Terms and Privacy Policy';
/** The signed-in customer's id from the stored session (localStorage, or sessionStorage without Remember me). */
const signedInUserId = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('medikart-auth-token') ?? localStorage.getItem('medikart-auth-token') ?? '{}').user?.id as string);
const headerAccount = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Account' });

async function signIn(page: Page, email: string, password: string, next = '/products') {
  await page.goto(next === '/products' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  await (await hydrated(page.getByLabel('Email'))).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/\//g, '\\/')}$`));
}

async function fillSignUp(page: Page, values: { name: string; email: string; mobile: string; password: string; consent?: boolean }) {
  await page.goto('/signup');
  await (await hydrated(page.getByLabel('Full name'))).fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Mobile number').fill(values.mobile);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  if (values.consent !== false) await page.getByLabel(CONSENT).check();
}

test.describe('signing up', () => {
  test('a guest signs up from the login page, confirms from the inbox and lands signed in with their cart', async ({ page }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('asha');
    await page.goto('/products/clotrimazole-1-dusting-powder');
    await (await hydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await fillSignUp(page, { name: 'Asha Rao', email, mobile: '98765 43210', password: 'Chennai2026' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(email);

    await page.goto(INBOX_URL);
    await page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).getByRole('link', { name: 'Confirm Your Signup' }).click();
    await page.getByRole('link', { name: 'Confirm your mail' }).click();

    await expect(page).toHaveURL(/localhost:\d+\/account$/);
    await expect(page.getByText('Your email is confirmed and you are signed in. Welcome to MediKart!')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Asha Rao');
    await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
    await expect(headerAccount(page)).toBeVisible();
    await expect(headerLogout(page)).toBeVisible();

    const userId = await signedInUserId(page);
    await expect
      .poll(async () => (await serviceClient.from('cart').select('items').eq('user_id', userId)).data?.[0]?.items?.map((item: { product_id: number }) => item.product_id))
      .toEqual([10]);
  });

  test("a guest's prescription follows the new customer into their account, as on sign-in", async ({ page }) => {
    test.slow();
    const email = uniqueEmail('rx.signup');
    const { sessionId } = await openCart(page, { rx: true });
    await uploadPrescription(page);
    const guestLine = (await storedCart(page)).items.find((line) => line.product.requires_prescription)!;
    expect(guestLine.prescriptionFileUrl).toMatch(new RegExp(`^guest-${sessionId}/`));
    const fileName = guestLine.prescriptionFileUrl!.split('/')[1]!;

    await fillSignUp(page, { name: 'Meena Pillai', email, mobile: '98765 43211', password: 'Kochi2026pass' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await page.goto((await latestMessageTo(email)).Text.match(/https?:\/\/\S+/)![0]);
    await expect(page.getByText('Your email is confirmed and you are signed in. Welcome to MediKart!')).toBeVisible();

    const userId = await signedInUserId(page);
    await expect
      .poll(async () => (await storedCart(page)).items.find((line) => line.product.requires_prescription)?.prescriptionFileUrl, { timeout: 20_000 })
      .toBe(`${userId}/${fileName}`);
    const { data: records } = await serviceClient.from('prescription_files').select('request_id, file_url').eq('file_url', `${userId}/${fileName}`);
    expect(records).toEqual([{ request_id: userId, file_url: `${userId}/${fileName}` }]);
  });

  test('each mistake gets its own sentence beside its field, and nothing is sent', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/signup')) requests += 1;
    });
    await fillSignUp(page, { name: ' ', email: 'not-an-email', mobile: '5876543210', password: 'letters', consent: false });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your full name.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.')).toBeVisible();
    await expect(page.getByText('Use at least 8 characters with at least one letter and one digit.')).toBeVisible();
    await expect(page.getByText('Please confirm you are 18 or older and accept the Terms and Privacy Policy.')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
  });

  test('the password can be shown, and the terms and privacy policy are linked', async ({ page }) => {
    await fillSignUp(page, { name: 'Ravi', email: uniqueEmail('ravi'), mobile: '9876543210', password: 'Secret123' });
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    const form = page.getByRole('main');
    await expect(form.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/terms-and-conditions');
    await expect(form.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute('href', '/privacy-policy');
  });

  test('an address that already has an account, a rate limit and a network failure each say so', async ({ page }) => {
    await fillSignUp(page, { name: 'Demo', email: DEMO.email, mobile: '9876543210', password: 'Another123' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('This email is already registered. Sign in, or reset your password if you have forgotten it.');

    await page.route('**/auth/v1/signup**', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'x-supabase-api-version': '2024-01-01' }, body: JSON.stringify({ code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' }) }),
    );
    await page.getByLabel('Email').fill(uniqueEmail('busy'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many attempts just now. Please wait a minute and try again.');

    await page.unroute('**/auth/v1/signup**');
    await page.route('**/auth/v1/signup**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText("We couldn't reach MediKart. Check your internet connection and try again.");
  });

  test('sign-up works with the keyboard alone', async ({ page }) => {
    const email = uniqueEmail('keys');
    await page.goto('/signup');
    await (await hydrated(page.getByLabel('Full name'))).focus();
    await page.keyboard.type('Meera Iyer');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('9123456789');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Madurai2026');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(CONSENT)).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect((await latestMessageTo(email)).Subject).toBe('Confirm Your Signup');
  });
});

test.describe('password reset', () => {
  test('the mailed link sets a new password, signs in and goes to the products; the old password stops working', async ({ page }) => {
    const customer = await createConfirmedCustomer('Reset Customer');
    await page.goto('/forgot-password');
    await (await hydrated(page.getByLabel('Email'))).fill(customer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText("If an account exists for that email, we've sent a link to reset your password.");

    await page.goto(INBOX_URL);
    await page.getByRole('row', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) }).getByRole('link', { name: 'Reset Your Password' }).click();
    const link = await page.getByRole('link', { name: 'Reset Password' }).getAttribute('href');
    await page.getByRole('link', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('NewPass2026');
    await page.getByLabel('Repeat new password', { exact: true }).fill('NewPass2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await page.getByLabel('Repeat new password', { exact: true }).fill('NewPass2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password is changed and you are signed in. Taking you to the products...')).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    await expect(headerLogout(page)).toBeVisible();

    await logOut(page);
    await page.goto('/login');
    await (await hydrated(page.getByLabel('Email'))).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await signIn(page, customer.email, 'NewPass2026');

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Reset link expired' })).toBeVisible();
    await expect(page.getByText('This reset link has expired or was already used. Send yourself a new one below.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  });
});

test.describe('signing in with a mobile number', () => {
  test('a code by SMS read from the inbox signs in; a wrong code and a used code are told apart', async ({ page }) => {
    const { mobile, lastSmsId } = await createCustomerWithMobile('Mobile Customer');
    await page.goto('/login');
    await (await hydrated(page.getByRole('tab', { name: 'Mobile number' }))).click();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We've sent a 6-digit code by SMS to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    const { code } = await smsCode(`+91${mobile}`, lastSmsId);

    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText("That code isn't right. Check the SMS and try again.");
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    await expect(headerAccount(page)).toBeVisible();

    await logOut(page);
    await page.goto('/login');
    await (await hydrated(page.getByRole('tab', { name: 'Mobile number' }))).click();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('6-digit code')).toBeVisible();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code was already used. Send a new code.');
  });

  test('a number no account uses is told so, and no account is opened for it', async ({ page }) => {
    const mobile = uniqueMobile();
    await page.goto('/login');
    await (await hydrated(page.getByRole('tab', { name: 'Mobile number' }))).click();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert')).toHaveText(OTP_ERRORS.noAccount);
    await expect(page.getByLabel('6-digit code')).toHaveCount(0);
    const { data } = await serviceClient.auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.filter((user) => user.phone === `91${mobile}`)).toEqual([]);
  });

  test('an expired code says so', async ({ page }) => {
    await page.clock.install();
    const { mobile } = await createCustomerWithMobile('Late Customer');
    await page.goto('/login');
    await (await hydrated(page.getByRole('tab', { name: 'Mobile number' }))).click();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('6-digit code')).toBeVisible();
    await page.clock.fastForward('05:01');
    await page.getByLabel('6-digit code').fill('123456');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code has expired. Send a new code.');
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  test('mobile sign-in works with the keyboard alone', async ({ page }) => {
    const { mobile, lastSmsId } = await createCustomerWithMobile('Keyboard Customer');
    await page.goto('/login');
    await (await hydrated(page.getByRole('tab', { name: 'Email' }))).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Mobile number' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Mobile number')).toBeFocused();
    await page.keyboard.type(mobile);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    const { code } = await smsCode(`+91${mobile}`, lastSmsId);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('the account page', () => {
  test('a guest is sent to sign in and comes back to the account page', async ({ page }) => {
    const customer = await createConfirmedCustomer('Back Again');
    await page.goto('/account', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
    await (await hydrated(page.getByLabel('Email'))).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My account', exact: true })).toBeVisible();
  });

  test('a customer edits name, email (confirmed by mail), mobile (confirmed by SMS) and password', async ({ page }) => {
    const customer = await createConfirmedCustomer('Profile Person');
    await signIn(page, customer.email, customer.password, '/account');
    await expect(page.getByLabel('Full name')).toHaveValue('Profile Person');

    await page.getByLabel('Full name').fill('Priya Sharma');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your details are saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Priya Sharma');

    const newEmail = uniqueEmail('priya');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`We've sent a link to ${newEmail}. Open it to confirm your new email.`)).toBeVisible();
    await page.goto(INBOX_URL);
    await page.getByRole('row', { name: new RegExp(newEmail.replace(/[.+]/g, '\\$&')) }).getByRole('link', { name: 'Confirm Email Change' }).click();
    await page.getByRole('link', { name: 'Change Email' }).click();
    await expect(page.getByText('Your new email is confirmed.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);

    const mobile = uniqueMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/We've sent a 6-digit code by SMS/)).toBeVisible();
    await page.getByLabel('6-digit code').fill((await smsCode(`+91${mobile}`)).code);
    await page.getByRole('button', { name: 'Confirm mobile number' }).click();
    await expect(page.getByText('Your mobile number is confirmed.')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat new password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Use at least 8 characters with at least one letter and one digit.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Changed2026');
    await page.getByLabel('Repeat new password', { exact: true }).fill('Changed2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password is changed.')).toBeVisible();

    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, newEmail, 'Changed2026');
  });

  test('deleting the account removes it, keeps paid orders anonymised and says what was kept and why', async ({ page }) => {
    // The local server bundles a function on each call it routes, which takes seconds on a busy machine.
    test.setTimeout(120_000);
    const customer = await createConfirmedCustomer('Leaving Customer');
    await signIn(page, customer.email, customer.password, '/account');
    const userId = await signedInUserId(page);
    const providerOrderId = `order_${Date.now()}`;
    const { error } = await serviceClient.from('orders').insert({
      user_id: userId, provider: 'razorpay', provider_order_id: providerOrderId, amount_paise: 14200, lines: [{ product_id: 10, quantity: 1 }],
    });
    expect(error).toBeNull();
    expect((await serviceClient.from('orders').update({ payment_status: 'paid' }).eq('provider_order_id', providerOrderId)).error).toBeNull();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Delete your account? Your profile, cart, saved addresses and prescriptions are removed for good. This cannot be undone.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(/We kept 1 paid order\. Indian GST law requires us to keep tax invoices for 72 months/)).toBeVisible();
    await expect(headerLogin(page)).toBeVisible();

    const { data: orders } = await serviceClient.from('orders').select('user_id, anonymised_at').eq('provider_order_id', providerOrderId);
    expect(orders).toEqual([{ user_id: null, anonymised_at: expect.any(String) }]);
    await page.goto('/login');
    await (await hydrated(page.getByLabel('Email'))).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  });
});

test.describe('saved addresses', () => {
  test('add, check every field, edit, make default and delete', async ({ page }) => {
    const customer = await createConfirmedCustomer('Address Owner');
    await signIn(page, customer.email, customer.password, '/account/addresses');
    await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    for (const message of [
      'Enter the name of the person receiving the order.',
      'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
      'Enter the flat or house number and the street.',
      'Enter the area or locality.',
      'Enter the town or city.',
      'Choose a state or union territory.',
      'Enter the 6-digit PIN code (it does not start with 0).',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('PIN code')).toHaveAccessibleDescription('Enter the 6-digit PIN code (it does not start with 0).');

    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Mobile number').fill('98765 43210');
    await page.getByLabel('Flat / house no. and street').fill('Flat 4B, 12 MG Road');
    await page.getByLabel('Area / locality').fill('Indiranagar');
    await page.getByLabel('Town / city').fill('Bengaluru');
    await page.getByLabel('State / union territory').selectOption('Karnataka');
    await page.getByLabel('PIN code').fill('060038');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Enter the 6-digit PIN code (it does not start with 0).')).toBeVisible();
    await expect(page.getByText('Enter the town or city.')).toHaveCount(0);
    await page.getByLabel('PIN code').fill('560038');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved.')).toBeVisible();
    const home = page.getByRole('listitem', { name: 'Home address, default' });
    await expect(home).toContainText('Flat 4B, 12 MG Road, Indiranagar, Bengaluru 560038, Karnataka');
    await expect(home).toContainText('+91 98765 43210');

    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByLabel('Flat / house no. and street').fill('3rd floor, 80 Feet Road');
    await page.getByLabel('Area / locality').fill('Koramangala');
    await page.getByLabel('Landmark (optional)').fill('Near the water tank');
    await page.getByLabel('Town / city').fill('Bengaluru');
    await page.getByLabel('State / union territory').selectOption('Karnataka');
    await page.getByLabel('PIN code').fill('560034');
    await page.getByRole('radio', { name: 'Work' }).check();
    await page.getByRole('button', { name: 'Save address' }).click();
    const work = page.getByRole('listitem', { name: 'Work address' });
    await expect(work).toContainText('Near the water tank');

    await work.getByRole('button', { name: 'Make default' }).click();
    await expect(page.getByText('Default address changed.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Work address, default' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Home address' })).toBeVisible();

    await page.getByRole('listitem', { name: 'Work address, default' }).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('PIN code')).toHaveValue('560034');
    await page.getByLabel('Town / city').fill('Bangalore');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address updated.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Work address, default' })).toContainText('Bangalore 560034');

    await page.getByRole('listitem', { name: 'Home address' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('Address deleted.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('accessibility of the account pages', () => {
  test('sign-up, both login tabs, reset password, account and addresses have no WCAG 2.1 AA violations', async ({ page }) => {
    // Six pages, each scanned by axe: on a busy 2-core machine that passed 30 s.
    test.slow();
    await page.goto('/signup');
    await hydrated(page.getByLabel('Full name'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your full name.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/login');
    await (await hydrated(page.getByRole('tab', { name: 'Mobile number' }))).click();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset link expired' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    const customer = await createConfirmedCustomer('Axe Customer');
    await signIn(page, customer.email, customer.password, '/account');
    await expect(page.getByLabel('Full name')).toHaveValue('Axe Customer');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await violations(page)).toEqual([]);

    await page.goto('/account/addresses');
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Enter the town or city.')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
