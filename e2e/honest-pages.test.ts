// Pages that answer honestly (issue 24), where only a browser shows it: a
// visitor without JavaScript (or before it arrives), a second tap on a link to
// where the visitor already is, a part of a page whose code fails to download,
// a guest whose clock is far from the server's. The 404 is in routes.test.ts.
import type { APIRequestContext } from '@playwright/test';
import { todayIn } from '@sas/domain';
import { expect, test } from './fixtures';

interface Card {
  slug: string;
  name: string;
  public_name: string | null;
}

async function firstHome(request: APIRequestContext): Promise<Card> {
  const [home] = (await (await request.get('/api/properties/collection/resort')).json()) as Card[];
  if (!home) throw new Error('No resort home');
  return home;
}

test('a visitor without JavaScript opens the menu, searches for a stay and sees the homes free for it', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/');
  // "Plan Your Getaway" is a link to the search box.
  await page.getByRole('link', { name: 'Plan Your Getaway' }).click();
  await expect(page).toHaveURL(/#search$/);

  const checkIn = todayIn('America/Denver', new Date(Date.now() + 50 * 86_400_000));
  const checkOut = todayIn('America/Denver', new Date(Date.now() + 53 * 86_400_000));
  const search = page.getByRole('search');
  await search.getByLabel('Check-in').fill(checkIn);
  await search.getByLabel('Check-out').fill(checkOut);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?location=all&checkIn=${checkIn}&checkOut=${checkOut}&adults=2$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Available homes' })).toBeVisible();

  // The menu opens and closes from the HTML alone.
  await page.locator('summary', { hasText: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Policies' })).toBeVisible();
  await page.locator('summary', { hasText: 'Close' }).click();
  await expect(menu).toBeHidden();
  await page.locator('summary', { hasText: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Policies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
  await context.close();
});

test('a guest on a phone taps "Choose dates" twice and lands on the calendar both times @mobile', async ({
  page,
  request,
}) => {
  const home = await firstHome(request);
  await page.goto(`/property/${home.slug}`);
  const chooseDates = page.getByRole('link', { name: 'Choose dates' });
  const calendar = page.getByRole('heading', { level: 2, name: 'Book your stay' });
  await chooseDates.click();
  await expect(calendar).toBeInViewport();
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await expect(calendar).not.toBeInViewport();
  await chooseDates.click();
  await expect(calendar).toBeInViewport();
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: [
      /Failed to load resource|A part of the page failed|Failed to fetch dynamically imported module/,
    ],
  });

  test('a home whose reviews fail to download shows a Retry in their place, and the rest of the page works', async ({
    page,
    request,
  }) => {
    const home = await firstHome(request);
    // The reviews' code is missing, as after a deploy while the tab was open.
    let failing = true;
    await page.route(/\/assets\/reviews-[^/]+\.js$/, (route) => (failing ? route.abort() : route.continue()));
    await page.goto(`/property/${home.slug}#reviews`);
    const failed = page.getByRole('alert').filter({ hasText: 'Sorry, reviews did not load.' });
    await expect(failed).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: home.public_name ?? home.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Reviews', exact: true })).toBeVisible();
    await expect(failed).toBeHidden();
  });

  test('after a page fails to load, the same header link clicked again shows it', async ({ page }) => {
    let failing = true;
    await page.route(/\/assets\/collections-[^/]+\.js$/, (route) => (failing ? route.abort() : route.continue()));
    await page.goto('/policies');
    const collections = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Collections' })
      .first();
    await collections.click();
    // The app asks for the page's code twice (the click, then the router) before
    // it shows the error; on a loaded machine the second refusal took 5 s (a CI run).
    await expect(page.getByRole('alert')).toContainText('Something went wrong. Please try again.', {
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/collections$/);

    failing = false;
    await collections.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Collections' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeHidden();
  });
});

test('a guest whose date is not the server’s gets their own today as the earliest check-in', async ({ browser }) => {
  // The server's clock is UTC: this guest is a day behind it (an evening in
  // Pago Pago is tomorrow in UTC) or a day ahead (Kiritimati), whatever the hour.
  const timezoneId = new Date().getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  expect(todayIn(timezoneId)).not.toBe(new Date().toISOString().slice(0, 10));
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.getByRole('search').getByLabel('Check-in')).toHaveAttribute('min', todayIn(timezoneId));
  await context.close();
});
