// The operations console at /admin (issue 14): staff block nights that guests
// then cannot book, cancel a paid booking with the policy's refund (and the
// guest gets the e-mail), an owner sees only their own homes without guests'
// contact details, and every console page passes the axe scan. Accounts are
// made with `npm run users`, as a new staff member's would be; it reaches the
// running server's embedded database through its control socket.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { dataDirName, outboxDir } from './server-config';

const repoRoot = join(import.meta.dirname, '..');
const password = 'console-e2e-password';
const collections = ['essentials', 'resort', 'luxury', 'michigan'] as const;

interface Home {
  id: string;
  propertyId: string;
  slug: string;
  name: string;
  public_name: string | null;
  bookingWidgetUrl: string | null;
  maxGuests: number;
}

/** `npm run users -- add ...` against the e2e server's data directory. */
function addAccount(email: string, role: 'admin' | 'staff' | 'owner', homes: string[] = []): Promise<void> {
  const args = ['run', 'users', '--', 'add', '--email', email, '--password', password, '--role', role];
  if (homes.length > 0) args.push('--homes', homes.join(','));
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      args,
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: `e2e/${dataDirName}`, DATABASE_URL: '' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`users add failed: ${stderr || stdout}`)) : resolve()),
    );
  });
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'Wednesday, January 20, 2027': how the month grid names a night. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

const nightButton = (page: Page, iso: string) => page.getByRole('button', { name: new RegExp(`^${longDate(iso)}`) });

/** Homes that take bookings through our own panel, in a fixed order. */
async function panelHomes(request: APIRequestContext): Promise<Home[]> {
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
async function freeNights(
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

/** A guest books and pays for the stay through the site; answers the booking code. */
async function bookAsGuest(
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

async function signOut(page: Page): Promise<void> {
  // A fresh start: the tokens live in this origin's storage.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

test('a staff member signs in, blocks nights on a home for maintenance, and guests are refused those dates', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const email = 'blocking.staff@example.com';
  await addAccount(email, 'staff');
  const home = (await panelHomes(request))[3]!;
  const block = await freeNights(request, home, 240, 3);

  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.goto(`/admin/calendar?home=${home.propertyId}&month=${block.checkIn.slice(0, 7)}`);
  await expect(page.getByRole('table', { name: new RegExp(`^${home.name}, `) })).toBeVisible();

  // Keyboard: the first night by Enter, the last by Space.
  await nightButton(page, block.checkIn).focus();
  await page.keyboard.press('Enter');
  await nightButton(page, addDays(block.checkOut, -1)).focus();
  await page.keyboard.press('Space');
  await expect(nightButton(page, addDays(block.checkIn, 1))).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Reason').fill('Maintenance: new boiler');
  await axe();
  await page.getByRole('button', { name: 'Block nights' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Blocked / })).toBeFocused();
  await expect(nightButton(page, block.checkIn)).toContainText('Staff block: Maintenance: new boiler');

  const quote = await request.post(`/api/properties/${home.id}/quote`, {
    data: { checkin_date: block.checkIn, checkout_date: block.checkOut, guests: { adults: 2 } },
  });
  expect(quote.status()).toBe(422);
});

test.describe(() => {
  // The journey tries a block over the booked nights, which the server refuses with a 409 on purpose.
  // One pattern: test.use reads a two-element array as a value and its fixture options.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)|blocks -> 409 These nights collide with booking/] });

  test('a staff member cancels a paid booking with the policy refund, and the guest gets the refund e-mail', async ({
    page,
    request,
    axe,
  }) => {
    test.setTimeout(120_000);
    const email = 'cancelling.staff@example.com';
    const accountReady = addAccount(email, 'staff');
    const home = (await panelHomes(request))[4]!;
    const stay = await freeNights(request, home, 260, 3);
    const guestEmail = 'console.cancel.guest@example.com';
    const code = await bookAsGuest(page, home, stay, { firstName: 'Noor', lastName: 'Haddad', email: guestEmail });
    await signOut(page);
    await accountReady;

    await signIn(page, email);
    // The database refuses a block over the booked nights and names the booking.
    await page.goto(`/admin/calendar?home=${home.propertyId}&month=${stay.checkIn.slice(0, 7)}`);
    await nightButton(page, stay.checkIn).click();
    await nightButton(page, stay.checkIn).click();
    await page.getByLabel('Reason').fill('Deep clean');
    await page.getByRole('button', { name: 'Block nights' }).click();
    await expect(page.getByRole('alert')).toContainText(code);

    await page.goto(`/admin/reservations?q=${code}`);
    await page.getByRole('link', { name: code }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Reservation ${code}`) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Guest' })).toContainText(guestEmail);
    await axe();

    await page.getByRole('button', { name: 'Cancel reservation' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel reservation ${code}` });
    const policy = dialog.getByRole('radio', { name: /By the cancellation policy \(100% today\)/ });
    await expect(policy).toBeChecked();
    const confirm = dialog.getByRole('button', { name: /^Cancel and refund \$/ });
    const refund = /\$[\d,]+\.\d\d$/.exec((await confirm.textContent()) ?? '')?.[0] ?? '';
    expect(refund).not.toBe('');
    await axe();
    await confirm.click();
    await expect(dialog.getByRole('status')).toContainText(`Cancelled. ${refund} refunded to the guest`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Cancellation' })).toContainText(refund);

    await expect
      .poll(
        async () =>
          (await outboxMessages()).some(
            (message) =>
              message.includes(guestEmail) &&
              message.includes(`booking ${code} has been cancelled`) &&
              message.includes(`Refund: ${refund}`),
          ),
        { message: `the cancellation e-mail to ${guestEmail} in ${outboxDir}`, timeout: 20_000 },
      )
      .toBe(true);

    // Its nights are free again.
    const quote = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
    });
    expect(quote.ok()).toBe(true);
  });
});

test('an owner sees only their homes, and their guests without contact details', async ({ page, request, axe }) => {
  test.setTimeout(120_000);
  const homes = await panelHomes(request);
  const own = homes[5]!;
  const email = 'home.owner@example.com';
  const accountReady = addAccount(email, 'owner', [own.propertyId]);
  const stay = await freeNights(request, own, 280, 4);
  const guestEmail = 'console.owner.guest@example.com';
  const code = await bookAsGuest(page, own, stay, { firstName: 'Ilse', lastName: 'Varga', email: guestEmail });
  await signOut(page);
  await accountReady;

  await signIn(page, email);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Calendar', 'Reservations', 'Statements']);

  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByLabel('Home').locator('option')).toHaveText([`${own.name} (${own.propertyId})`]);

  await nav.getByRole('link', { name: 'Reservations' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Ilse V.');
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveCount(0);
  await expect(page.getByText(guestEmail)).toHaveCount(0);
  await axe();

  await row.getByRole('link', { name: code }).click();
  await expect(page.getByRole('region', { name: 'Guest' })).toContainText('Ilse V.');
  await expect(page.getByText(guestEmail)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);

  // Another home is not theirs: the API answers as it would of no home at all.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const other = homes.find((home) => home.id !== own.id)!;
  const answer = await request.get(`/api/admin/calendar?from=2030-01-01&to=2030-02-01&propertyId=${other.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(404);
});

test('every console page passes the axe scan', async ({ page, axe }) => {
  test.setTimeout(90_000);
  const email = 'axe.admin@example.com';
  await addAccount(email, 'admin');
  await signIn(page, email);

  const pages: [string, string][] = [
    ['/admin', 'Dashboard'],
    ['/admin/calendar', 'Calendar'],
    ['/admin/calendar?view=timeline', 'Calendar'],
    ['/admin/reservations', 'Reservations'],
    ['/admin/statements', 'Statements'],
    ['/admin/homes', 'Homes'],
    ['/admin/inquiries', 'Inquiries'],
    ['/admin/reviews', 'Reviews'],
    ['/admin/audit', 'Audit log'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Scan the page with its data, not its loading line.
    await page.waitForLoadState('networkidle');
    await axe();
  }

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Show table' }).first().click();
  await axe();

  // The other journeys' writes may or may not be in the log yet.
  await page.goto('/admin/audit');
  await page.waitForLoadState('networkidle');
  const showChanges = page.getByRole('button', { name: /^Show changes/ });
  if ((await showChanges.count()) > 0) {
    await showChanges.first().click();
    await axe();
  }
});
