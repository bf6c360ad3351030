// The operations console at /admin (issue 14): staff block nights that guests
// then cannot book, cancel a paid booking with the policy's refund (and the
// guest gets the e-mail), an owner sees only their own homes without guests'
// contact details, and every console page passes the axe scan. Accounts are
// made with `npm run users`, as a new staff member's would be; it reaches the
// running server's embedded database through its control socket.
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir } from './server-config';
import {
  accessToken,
  addAccount,
  addDays,
  bookAsGuest,
  freeNights,
  nightButton,
  panelHomes,
  signIn,
  signOut,
} from './console-helpers';

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
    await expect(page.getByRole('region', { name: 'Guest', exact: true })).toContainText(guestEmail);
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
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Calendar',
    'Reservations',
    'Statements',
    'Reports',
    'Tasks',
  ]);

  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByLabel('Home').locator('option')).toHaveText([`${own.name} (${own.propertyId})`]);

  await nav.getByRole('link', { name: 'Reservations' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Ilse V.');
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveCount(0);
  await expect(page.getByText(guestEmail)).toHaveCount(0);
  await axe();

  await row.getByRole('link', { name: code }).click();
  await expect(page.getByRole('region', { name: 'Guest', exact: true })).toContainText('Ilse V.');
  await expect(page.getByText(guestEmail)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);

  // Another home is not theirs: the API answers as it would of no home at all.
  const token = await accessToken(page);
  const other = homes.find((home) => home.id !== own.id)!;
  const answer = await request.get(`/api/admin/calendar?from=2030-01-01&to=2030-02-01&propertyId=${other.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(404);
});

// Every console page passes the axe scan, with its data in: three tests, so the
// two workers share the pages rather than one worker walking all of them. At
// phone width the console differs only in its chrome (console.css's one phone
// rule folds the navigation and moves the search), not in its pages'
// documents: the chrome's phone scans are console-chrome.test.ts's, and these
// run at desktop width (ADR 033).
const axePages: Record<string, [string, string][]> = {
  'the dashboard, the calendars and promotions': [
    ['/admin', 'Dashboard'],
    ['/admin/calendar', 'Calendar'],
    ['/admin/calendar?view=timeline', 'Calendar'],
    ['/admin/promotions', 'Promotions'],
    ['/admin/google', 'Google Vacation Rentals'],
    ['/admin/messages', 'Guest messages'],
  ],
  'reservations, statements, homes, inquiries and tasks': [
    ['/admin/reservations', 'Reservations'],
    ['/admin/statements', 'Statements'],
    ['/admin/reports', 'Reports'],
    ['/admin/homes', 'Homes'],
    ['/admin/inquiries', 'Inquiries'],
    ['/admin/tasks', 'Tasks'],
  ],
  'the concierge schedule, reviews and the audit log': [
    ['/admin/concierge', 'Concierge schedule'],
    ['/admin/reviews', 'Reviews'],
    ['/admin/audit', 'Audit log'],
  ],
};

for (const [index, [group, pages]] of Object.entries(axePages).entries()) {
  test(`console pages pass the axe scan: ${group}`, async ({ page, axe }) => {
    test.setTimeout(90_000);
    const email = `axe.admin.${index}@example.com`;
    await addAccount(email, 'admin');
    await signIn(page, email);
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Scan the page with its data, not its loading line.
      await page.waitForLoadState('networkidle');
      await axe();
    }

    if (pages.some(([path]) => path === '/admin')) {
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Show table' }).first().click();
      await axe();
    }
    if (pages.some(([path]) => path === '/admin/audit')) {
      // An entry of this admin's own: a blocklist term no review contains.
      await page.goto('/admin/reviews');
      await page.getByLabel('New term').fill(`no-review-says-this-${test.info().project.name}`);
      await page.getByRole('button', { name: 'Add term' }).click();
      await page.getByRole('button', { name: 'Save blocklist' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Blocklist saved.' })).toBeVisible();
      await page.goto('/admin/audit');
      await page
        .getByRole('button', { name: /^Show changes/ })
        .first()
        .click();
      await axe();
    }
  });
}
