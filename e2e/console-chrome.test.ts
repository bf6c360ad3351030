// Pages that answer honestly, item 13: a new staff member signs in on a fresh
// database and sees what the console is for, a year of the (demo) business,
// in the console's own chrome rather than the public site's header, call
// banner and footer (ADR 040). The demo history is there on the embedded
// database's first start and, in CI, on PostgreSQL (start-server.ts seeds it).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAccount, signIn } from './console-helpers';

/** The month labels under one chart, as drawn: text and where each sits. */
async function monthLabels(chart: Locator) {
  const ticks = chart.locator('.month-chart__tick');
  await expect(ticks.first()).toBeVisible();
  const labels: { text: string; left: number; right: number }[] = [];
  for (const tick of await ticks.all()) {
    const box = await tick.boundingBox();
    if (box) labels.push({ text: (await tick.textContent()) ?? '', left: box.x, right: box.x + box.width });
  }
  return labels.sort((a, b) => a.left - b.left);
}

/**
 * Both charts have bars for the past months, and month labels that are short
 * ("Jan" with "2026" under it where the year changes) and never touch.
 */
async function expectLegibleCharts(page: Page) {
  const charts = page.locator('.month-chart');
  await expect(charts).toHaveCount(2);
  for (const chart of await charts.all()) {
    await chart.scrollIntoViewIfNeeded();
    const bars = chart.locator('.recharts-bar-rectangle rect');
    await expect.poll(() => bars.count()).toBeGreaterThan(12);
    const heights = await bars.evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height') ?? 0)));
    expect(heights.filter((height) => height > 0).length).toBeGreaterThanOrEqual(12);

    const labels = await monthLabels(chart);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    for (const label of labels) expect(label.text).toMatch(/^[A-Z][a-z]{2}(\d{4})?$/);
    for (let i = 1; i < labels.length; i++) {
      expect(labels[i]!.left, `"${labels[i]!.text}" clear of "${labels[i - 1]!.text}"`).toBeGreaterThan(
        labels[i - 1]!.right + 4,
      );
    }
  }
}

/** The page itself never scrolls sideways (a wide table scrolls inside its own region). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectConsoleChrome(page: Page) {
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Summit & Shore Console' })).toHaveAttribute('href', '/admin');
  await expect(bar.getByRole('combobox', { name: 'Find a booking, guest or listing' })).toBeVisible();
  // Not the public site's: no header navigation, call banner or footer.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText(/chat live/i)).toHaveCount(0);
}

/** A staff member opens a page from the console's navigation (on a phone, from behind Menu). */
async function openFromNav(page: Page, name: string, phone: boolean) {
  const nav = page.getByRole('navigation', { name: 'Console' });
  if (phone) {
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(nav.getByRole('link', { name })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  await nav.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The search bar: a booking code typed, its option chosen, its page opened. */
async function searchBookingCode(page: Page, code: string) {
  const box = page.getByRole('combobox', { name: 'Find a booking, guest or listing' });
  await box.fill(code);
  const option = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option', { name: new RegExp(`^Booking ${code}`) });
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/reservations/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Reservation ${code}`) })).toBeVisible();
}

async function walkTheYear(page: Page, { phone }: { phone: boolean }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectConsoleChrome(page);
  await expectLegibleCharts(page);
  await expectNoSidewaysScroll(page);

  await openFromNav(page, 'Reservations', phone);
  const codes = page.getByRole('region', { name: 'Reservations' }).getByRole('link', { name: /^SAS-DEM/ });
  // A year of business, shown fifty at a time.
  await expect(page.getByText(/^Showing 50 of \d{3,} reservations$/)).toBeVisible();
  // Other journeys' bookings, further out, may head the list.
  await expect(page.getByRole('region', { name: 'Reservations' }).getByRole('link', { name: /^SAS-/ })).toHaveCount(50);
  expect(await codes.count()).toBeGreaterThanOrEqual(25);
  await expectNoSidewaysScroll(page);
  const code = (await codes.nth(20).textContent()) ?? '';

  await searchBookingCode(page, code);
  await expectNoSidewaysScroll(page);

  // A month with stays: this one, or one before it.
  await openFromNav(page, 'Calendar', phone);
  const stays = page.getByRole('table', { name: /^Bookings, holds and blocks at / });
  for (let back = 0; back < 4 && (await stays.count()) === 0; back++) {
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.waitForLoadState('networkidle');
  }
  await expect(stays.getByRole('row', { name: /SAS-DEM/ }).first()).toBeVisible();

  // Last month's statements: most homes had bookings.
  await openFromNav(page, 'Statements', phone);
  const statements = page.getByRole('table', { name: /^Bookings of / });
  await expect.poll(() => statements.count()).toBeGreaterThan(5);
  await expectNoSidewaysScroll(page);
}

test('a new staff member signs in on a fresh database and sees a year of the business in the console’s own chrome', async ({
  page,
  axe,
}) => {
  test.setTimeout(150_000);
  const email = 'first.day.staff@example.com';
  await addAccount(email, 'staff');
  await signIn(page, email);
  await walkTheYear(page, { phone: false });

  // The month labels stay legible on a tablet, and the user's menu leads back to the public site.
  await page.getByRole('banner').getByRole('link', { name: 'Summit & Shore Console' }).click();
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectLegibleCharts(page);
  await expectNoSidewaysScroll(page);
  await axe();

  const menu = page.getByRole('button', { name: /Staff$/ });
  await menu.click();
  await expect(page.getByRole('link', { name: 'Account security' })).toBeVisible();
  await axe();
  await page.getByRole('link', { name: 'Public site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('on a phone the console folds its navigation, fits the screen and finds a booking from the bar @mobile', async ({
  page,
  axe,
}) => {
  test.setTimeout(150_000);
  const email = 'first.day.phone@example.com';
  await addAccount(email, 'staff');
  await signIn(page, email);
  await axe();
  await walkTheYear(page, { phone: true });
  await axe();
});
