// Accounts end to end (SPEC.md sections 2, 4 and 7): signing up, out and in,
// being sent to /login by a members-only page and brought back, resetting a
// forgotten password through the e-mail in the outbox, and the social-login
// popup. Every test uses its own new address, so parallel workers never meet.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir, socialPerson } from './server-config';

interface Guest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

function newGuest(): Guest {
  return {
    firstName: 'Avery',
    lastName: 'Quinn',
    email: `guest-${randomUUID()}@example.com`,
    password: 'a long mountain passphrase',
  };
}

/** Creates the account through the API, for journeys that start signed up. */
async function registerByApi(
  request: APIRequestContext,
  guest: Guest,
): Promise<{ token: string; refreshToken: string }> {
  const response = await request.post('/api/auth/register', { data: guest });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { token: string; refreshToken: string };
}

async function signIn(page: Page, guest: Pick<Guest, 'email' | 'password'>, { remember = false } = {}) {
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password').fill(guest.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The reset link of the e-mail sent to `email`, waiting for the outbox to write it. */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const message = (await outboxMessages()).find(
          (text) => text.includes(email) && text.includes('reset-password'),
        );
        link = message && /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w%.~-]+/.exec(message)?.[0];
        return link;
      },
      { message: `a reset e-mail to ${email} in ${outboxDir}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

const footerLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });

test('a guest signs up, signs out, signs in and reaches /reservations', async ({ page }) => {
  const guest = newGuest();

  await page.goto('/reservations');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Freservations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Freservations$/);
  await page.getByLabel('First name').fill(guest.firstName);
  await page.getByLabel('Last name').fill(guest.lastName);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(guest.password);
  await page.getByLabel('Confirm password').fill(guest.password);
  await page.getByLabel('I agree to the terms and policies').check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Signed in and back on the page that asked for it.
  await expect(page).toHaveURL(/\/reservations$/);
  await expect(page.getByText('Please start your reservation from the property page.')).toBeVisible();
  await footerLink(page, 'My account').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Avery Quinn' })).toBeVisible();
  await expect(page.getByText('You have no stays booked yet.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(footerLink(page, 'Sign in')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/reservations');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Freservations$/);
  await signIn(page, guest, { remember: true });
  await expect(page).toHaveURL(/\/reservations$/);
  await expect(footerLink(page, 'My account')).toBeVisible();

  // 'Remember me' keeps the session in local storage: it survives a new visit.
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Avery Quinn' })).toBeVisible();

  // Without it, the session is the browser's: a second tab is signed in too, and a new browser is not.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, guest, { remember: false });
  await expect(footerLink(page, 'My account')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  const secondTab = await page.context().newPage();
  await secondTab.goto('/dashboard');
  await expect(secondTab.getByRole('heading', { level: 1, name: 'Welcome, Avery Quinn' })).toBeVisible();
  await secondTab.close();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'sas_session_refresh')?.expires).toBe(-1);
});

test.describe('with refused requests', () => {
  // The browser itself logs each 4xx answer as a console error.
  test.use({ allowedConsoleErrors: [/status of 40[019]|-> 40[019] /] });

  test('a guest who forgot the password resets it through the e-mail and signs in with the new one', async ({
    page,
    request,
  }) => {
    const guest = newGuest();
    await registerByApi(request, guest);
    const newPassword = 'a brand new lakeshore passphrase';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes first; the sign-in page, with an Email field of its own, stays until the next page's code is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(guest.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If an account exists for that email, we have sent a link to reset the password.',
    );

    const link = await resetLinkFor(guest.email);
    await page.goto(link);
    await page.getByLabel('Create password').fill(newPassword);
    await page.getByLabel('Re-enter password').fill('not the same passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('Re-enter password')).toHaveAccessibleDescription('Passwords do not match');

    await page.getByLabel('Re-enter password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/password-reset-success$/);
    await page.getByRole('link', { name: 'Login', exact: true }).click();

    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, guest);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, { email: guest.email, password: newPassword });
    await expect(page).toHaveURL(/\/$/);
    await expect(footerLink(page, 'My account')).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('Create password').fill('yet another passphrase');
    await page.getByLabel('Re-enter password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
  });

  test('signing up again with a registered e-mail says so', async ({ page, request }) => {
    const guest = newGuest();
    await registerByApi(request, guest);

    await page.goto('/signup');
    await page.getByLabel('First name').fill(guest.firstName);
    await page.getByLabel('Last name').fill(guest.lastName);
    await page.getByLabel('Email').fill(guest.email);
    await page.getByLabel('Password', { exact: true }).fill(guest.password);
    await page.getByLabel('Confirm password').fill(guest.password);
    await page.getByLabel('I agree to the terms and policies').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
    await expect(page).toHaveURL(/\/signup$/);
  });
});

/**
 * Resolves when the next popup of `page` has closed. Its close is awaited from the
 * moment it opens: on a loaded machine the whole popup can come and go before the
 * click that opened it has returned (a CI run waited 30 s for a close long past).
 */
function popupClosed(page: Page): Promise<unknown> {
  return page.waitForEvent('popup').then((popup) => (popup.isClosed() ? undefined : popup.waitForEvent('close')));
}

test('a guest signs in with Google in a popup and lands on their dashboard', async ({ page }) => {
  await page.goto('/login');
  // The popup visits the provider (another origin), comes back through our
  // callback to /oauth-redirect, hands the tokens to this page and closes.
  const closed = popupClosed(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await closed;
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome, ${socialPerson.given_name} ${socialPerson.family_name}`,
  );
  // Signed in for real: the session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome, ${socialPerson.given_name} ${socialPerson.family_name}`,
  );
});

test('a social sign-in runs in a popup and reports an unconfigured provider', async ({ page }) => {
  await page.goto('/login');
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  // The popup ends on /oauth-redirect, hands its result to this page and closes.
  const closed = popupClosed(page);
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  await closed;
  await expect.poll(() => alerts).toEqual(['Social login failed: Apple sign-in is not configured.']);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test.describe('account pages @a11y', () => {
  test('the sign-in and sign-up forms, with their errors showing', async ({ page, axe }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email address.');
    await expect(page.getByLabel('Email')).toBeFocused();
    await axe();

    await page.goto('/signup');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription('Enter the password again.');
    await axe();
  });

  test('the password pages', async ({ page, axe }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await axe();

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('Create password').fill('a new passphrase');
    await page.getByLabel('Re-enter password').fill('another passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('Re-enter password')).toHaveAccessibleDescription('Passwords do not match');
    await axe();

    await page.goto('/password-reset-success');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await axe();
  });

  test('the dashboard of a signed-in guest', async ({ page, request, axe }) => {
    const tokens = await registerByApi(request, newGuest());
    await page.goto('/login');
    await page.evaluate(({ token, refreshToken }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }, tokens);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Avery Quinn' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse our homes' })).toBeVisible();
    await axe();
  });
});
