// Shared steps of the console journeys: accounts made with `npm run users`
// (its compiled form, built with the server the journeys run)
// (on the embedded database it reaches the running server's through its
// control socket), signing in to /admin, homes that take bookings through our own
// panel, free nights, and a guest's booking through the site (with the rental
// agreement every booking now accepts at step 2).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { dataDirName, databaseUrl } from './server-config';

const repoRoot = join(import.meta.dirname, '..');
const usersCommand = join(repoRoot, 'apps/server/dist/users.js');
export const password = 'console-e2e-password';
export const collections = ['essentials', 'resort', 'luxury', 'michigan'] as const;

export interface Home {
  id: string;
  propertyId: string;
  slug: string;
  name: string;
  public_name: string | null;
  bookingWidgetUrl: string | null;
  maxGuests: number;
}

/** `npm run users -- add ...` against the e2e server's data directory, as the build compiled it. */
export function addAccount(
  email: string,
  role: 'admin' | 'staff' | 'owner' | 'cleaner',
  homes: string[] = [],
): Promise<void> {
  const args = [usersCommand, 'add', '--email', email, '--password', password, '--role', role];
  if (homes.length > 0) args.push('--homes', homes.join(','));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: `e2e/${dataDirName}`,
          // On PostgreSQL the command opens the database itself; on PGlite it reaches the server's through its socket.
          DATABASE_URL: databaseUrl ?? '',
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`users add failed: ${stderr || stdout}`)) : resolve()),
    );
  });
}

/** The signed-in user's access token: in local storage, or in a session cookie without 'Remember me'. */
export async function accessToken(page: Page): Promise<string | null> {
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  if (stored !== null) return stored;
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sas_session_token');
  return cookie === undefined ? null : decodeURIComponent(cookie.value);
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'Wednesday, January 20, 2027': how the month grid names a night. */
export const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

export const nightButton = (page: Page, iso: string) =>
  page.getByRole('button', { name: new RegExp(`^${longDate(iso)}`) });

/** Homes that take bookings through our own panel, in a fixed order. */
export async function panelHomes(request: APIRequestContext): Promise<Home[]> {
  const slugs = new Set<string>();
  for (const collection of collections) {
    const cards = (await (await request.get(`/api/properties/collection/${collection}`)).json()) as { slug: string }[];
    for (const card of cards) slugs.add(card.slug);
  }
  const homes: Home[] = [];
  for (const slug of [...slugs].sort()) {
    const home = (await (await request.get(`/api/properties/search/${slug}`)).json()) as Home;
    if (home.bookingWidgetUrl === null && home.maxGuests >= 2) homes.push(home);
  }
  return homes;
}

/**
 * Nights at `home` about `daysAhead` days from now that the server would sell,
 * inside one calendar month (so one month grid shows them all).
 */
export async function freeNights(
  request: APIRequestContext,
  home: Home,
  daysAhead: number,
  nights: number,
): Promise<{ checkIn: string; checkOut: string }> {
  const today = new Date().toISOString().slice(0, 10);
  for (let day = 0; day < 180; day += 3) {
    const checkIn = addDays(today, daysAhead + day);
    const checkOut = addDays(checkIn, nights);
    if (addDays(checkOut, -1).slice(0, 7) !== checkIn.slice(0, 7)) continue;
    const quote = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
    });
    if (quote.ok()) return { checkIn, checkOut };
  }
  throw new Error(`No free ${nights} nights at ${home.slug}`);
}

/**
 * A guest's booking through the API, as the browser makes it: the intent, the
 * sandbox card, the confirmation (ADR 033: state through the API). Answers the booking code.
 */
export async function bookThroughApi(
  request: APIRequestContext,
  home: Home,
  stay: { checkIn: string; checkOut: string },
  email: string,
): Promise<string> {
  const quote = await request.post(`/api/properties/${home.id}/quote`, {
    data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
  });
  const total = ((await quote.json()) as { total: number }).total;
  const contact = { firstName: 'Rowan', lastName: 'Quill', email, phoneNumber: '+1 970 555 0142' };
  const created = await request.post('/api/stripe/create-payment-intent', {
    data: {
      propertyId: home.id,
      ...stay,
      guests: { adults: 2, children: 0, infants: 0, pets: 0 },
      addOns: [],
      amount: Math.round(total * 100),
      confirmationCode: crypto.randomUUID(),
      agreement: { accepted: true, over25: true },
      contact,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const intent = (await created.json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
    data: {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    },
  });
  expect(paid.status()).toBe(200);
  const confirmed = await request.post('/api/reservation/confirm', {
    data: {
      id: intent.paymentIntentId,
      confirmationCode: intent.paymentIntentId,
      paymentIntentId: intent.paymentIntentId,
      ...contact,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { confirmationCode: string }).confirmationCode;
}

/**
 * Step 2's rental agreement (issue 17): every booking ticks it, and the
 * over-25 box too where the home asks (age-restricted homes).
 */
export async function acceptRentalAgreement(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I accept the rental agreement' }).check();
  const over25 = page.getByRole('checkbox', { name: 'The primary renter is over 25' });
  if ((await over25.count()) > 0) await over25.check();
}

/** A guest books and pays for the stay through the site; answers the booking code. */
export async function bookAsGuest(
  page: Page,
  home: Home,
  stay: { checkIn: string; checkOut: string },
  guest: { firstName: string; lastName: string; email: string },
): Promise<string> {
  const query = new URLSearchParams({ checkin: stay.checkIn, checkout: stay.checkOut, adults: '2' });
  await page.goto(`/property/${home.slug}?${query.toString()}`);
  const reserve = page
    .getByRole('complementary', { name: 'Price and booking' })
    .getByRole('button', { name: 'Reserve' });
  await expect(reserve).toBeEnabled({ timeout: 15_000 });
  await reserve.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  await page.getByLabel('First name').fill(guest.firstName);
  await page.getByLabel('Last name').fill(guest.lastName);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Phone number').fill('+1 970 555 0142');
  await page.getByRole('button', { name: 'Next' }).click();
  await acceptRentalAgreement(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible({ timeout: 20_000 });
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(code).toMatch(/^SAS-[A-Z0-9]{6}$/);
  return code;
}

export async function signOut(page: Page): Promise<void> {
  // A fresh start: the tokens live in this origin's storage.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
