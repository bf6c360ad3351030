import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Card {
  id: string;
  slug: string;
  name: string;
  public_name: string | null;
  state: string;
}

interface Details extends Card {
  bookingWidgetUrl: string | null;
}

interface Calendar {
  today: string;
  unavailable: string[];
  minStay: { default: number; ranges: { start: string; end: string; minStay: number }[] };
}

const collections = ['essentials', 'resort', 'luxury', 'michigan'];

/** A calendar date `days` after `iso`, in UTC so no time zone moves it. */
function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

async function calendarOf(request: APIRequestContext, id: string): Promise<Calendar> {
  return getJson<Calendar>(request, `/api/properties/${id}/calendar`);
}

function minStayOn(calendar: Calendar, checkIn: string): number {
  return (
    calendar.minStay.ranges.find((r) => r.start <= checkIn && checkIn < r.end)?.minStay ?? calendar.minStay.default
  );
}

function isFree(calendar: Calendar, checkIn: string, nights: number): boolean {
  return Array.from({ length: nights }, (_, i) => addDays(checkIn, i)).every((n) => !calendar.unavailable.includes(n));
}

/**
 * A luxury home with our booking panel (no third-party frame) and a check-in
 * about two months ahead, clear of Christmas, where 4 nights are free and
 * the minimum stay is 3.
 */
async function luxuryStay(request: APIRequestContext): Promise<{ home: Details; checkIn: string }> {
  const cards = await getJson<Card[]>(request, '/api/properties/collection/luxury');
  for (const card of cards) {
    const home = await getJson<Details>(request, `/api/properties/search/${card.slug}`);
    if (home.bookingWidgetUrl !== null) continue;
    const calendar = await calendarOf(request, home.id);
    for (let offset = 55; offset < 120; offset += 1) {
      const checkIn = addDays(calendar.today, offset);
      const monthDay = checkIn.slice(5);
      if (monthDay >= '12-15' || monthDay <= '01-05') continue;
      if (minStayOn(calendar, checkIn) === 3 && isFree(calendar, checkIn, 4)) return { home, checkIn };
    }
  }
  throw new Error('No luxury home with a free 4-night stay and a 3-night minimum in the seed');
}

function day(page: Page, iso: string): Locator {
  return page.locator(`[data-day="${iso}"] button`);
}

/** Scrolls to the booking panel, waits for its calendar and pages it to the month of `iso`. */
async function openPanelAt(page: Page, iso: string): Promise<Locator> {
  // The section, then the panel's code, load as they come near the screen.
  await expect(async () => {
    const placeholder = page.getByText('Loading the booking calendar…');
    if ((await placeholder.count()) > 0) await placeholder.first().scrollIntoViewIfNeeded();
    await expect(page.getByRole('grid').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Book your stay' });
  for (let i = 0; i < 12 && !(await day(page, iso).isVisible()); i += 1) {
    await panel.getByRole('button', { name: /next month/i }).click();
  }
  await expect(day(page, iso)).toBeVisible();
  return panel;
}

test.describe('the booking calendar and the summary beside it', () => {
  // The summary asks the server about every stay in the URL, a too-short one too, and shows its 422 message;
  // the browser logs that answer as a console error.
  test.use({ allowedConsoleErrors: [/status of 422|-> 422 /] });

  test('a guest picks dates in the calendar, sees the total update, meets the minimum-stay message, and reaches /reservation', async ({
    page,
    axe,
  }) => {
    // Many steps, each a round trip to the server: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const { home, checkIn } = await luxuryStay(page.request);
    await page.goto(`/property/${home.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const panel = await openPanelAt(page, checkIn);
    const total = panel.getByTestId('quote-total');
    const reserve = panel.getByRole('button', { name: 'Reserve' });
    await expect(reserve).toBeDisabled();

    await day(page, checkIn).click();
    await expect(panel.getByText('3-night minimum', { exact: true })).toBeVisible();
    await day(page, addDays(checkIn, 3)).click();
    await expect(total).toHaveText(/^\$[\d,]+\.\d{2} total$/);
    const threeNights = await total.innerText();
    await expect(page).toHaveURL(new RegExp(`checkin=${checkIn}&checkout=${addDays(checkIn, 3)}&adults=2`));

    // A new check-in starts over; a fourth night costs more.
    await day(page, checkIn).click();
    await day(page, addDays(checkIn, 4)).click();
    await expect(total).not.toHaveText(threeNights);
    await expect(total).toHaveText(/^\$[\d,]+\.\d{2} total$/);
    await expect(reserve).toBeEnabled();

    await day(page, checkIn).click();
    await day(page, addDays(checkIn, 1)).click();
    await expect(panel.getByRole('alert')).toHaveText('This home has a minimum stay of 3 nights for these dates.');
    await expect(reserve).toBeDisabled();
    // The summary beside the content says the same, in the server's words.
    const summary = page.getByRole('complementary', { name: 'Price and booking' });
    await expect(summary.getByRole('alert')).toHaveText('This home has a minimum stay of 3 nights for these dates.');
    await expect(summary.getByRole('button', { name: 'Reserve' })).toHaveCount(0);

    await day(page, checkIn).click();
    await day(page, addDays(checkIn, 3)).click();
    await expect(total).toHaveText(threeNights);
    await expect(reserve).toBeEnabled();
    await panel.getByText('Price of each night').click();
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await axe();

    await reserve.click();
    await expect(page).toHaveURL(/\/reservation$/);
  });
});

test('/null?checkin=…&checkout=…&adults=2&children=1&infants=0&pets=1 lands on /search with all six values', async ({
  page,
}) => {
  const checkIn = addDays(new Date().toISOString().slice(0, 10), 60);
  const checkOut = addDays(checkIn, 4);
  await page.goto(`/null?checkin=${checkIn}&checkout=${checkOut}&adults=2&children=1&infants=0&pets=1`);

  await expect(page).toHaveURL(`/search?checkin=${checkIn}&checkout=${checkOut}&adults=2&children=1&infants=0&pets=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Available homes' })).toBeVisible();
  await expect(page.getByText('2 adults, 1 child, 1 pet')).toBeVisible();
});

test('a search for dates returns only free homes', async ({ page, axe }) => {
  const checkIn = addDays(new Date().toISOString().slice(0, 10), 61);
  const checkOut = addDays(checkIn, 4);
  const everyHome = new Map<string, Card>();
  for (const collection of collections) {
    for (const card of await getJson<Card[]>(page.request, `/api/properties/collection/${collection}?size=48`)) {
      everyHome.set(card.slug, card);
    }
  }

  await page.goto('/');
  await page.getByRole('link', { name: 'Plan Your Getaway' }).click();
  const form = page.getByRole('search');
  await form.getByLabel('Check-in').fill(checkIn);
  await form.getByLabel('Check-out').fill(checkOut);
  await form.getByLabel('Guests').fill('2');
  await form.getByRole('button', { name: 'Search' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Available homes' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Homes free for your stay' });
  await expect(results.getByRole('status')).toHaveText(/^\d+ homes? available/);
  await expect(results).toBeInViewport();
  const cards = results.getByTestId('property-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(everyHome.size);

  for (const card of await cards.all()) {
    await expect(card).toContainText(/\$[\d,]+\.\d{2} total for 4 nights/);
    const href = await card.getByRole('link').getAttribute('href');
    const url = new URL(href ?? '', 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ checkin: checkIn, checkout: checkOut, adults: '2' });
    const home = everyHome.get(decodeURIComponent(url.pathname.replace('/property/', '')));
    expect(home, `${url.pathname} is one of our homes`).toBeDefined();
    const calendar = await calendarOf(page.request, home!.id);
    expect(isFree(calendar, checkIn, 4), `${home!.slug} is free from ${checkIn}`).toBe(true);
  }
  await axe();

  const michiganFilter = page.getByRole('group', { name: 'Location' }).getByRole('radio', { name: 'Michigan' });
  // click, not check: the radio reflects the URL, which changes a moment after the click.
  await michiganFilter.click();
  await expect(michiganFilter).toBeChecked();
  await expect(page).toHaveURL(/location=michigan/);
  // The Breckenridge results stay, dimmed, until Michigan's arrive.
  await expect(results.locator('[aria-busy="true"]')).toHaveCount(0);
  const michigan = await results.getByTestId('property-card').all();
  expect(michigan.length).toBeGreaterThan(0);
  for (const card of michigan) await expect(card.getByText(/^[^,]+, MI$/)).toBeVisible();
});

test('a visitor using assistive technology can search for a stay and price it @a11y', async ({ page, axe }) => {
  test.setTimeout(60_000);
  const { home, checkIn } = await luxuryStay(page.request);
  const checkOut = addDays(checkIn, 3);

  await page.goto(`/search?checkIn=${checkIn}&checkOut=${checkOut}&adults=2`);
  const results = page.getByRole('region', { name: 'Homes free for your stay' });
  await expect(results.getByTestId('property-card').first()).toBeVisible();
  await axe();

  // A result opens the home with the stay already in its booking panel.
  await results.getByRole('link', { name: home.public_name ?? home.name, exact: true }).click();
  await expect(page).toHaveURL(`/property/${home.slug}?checkin=${checkIn}&checkout=${checkOut}&adults=2`);
  const panel = await openPanelAt(page, checkIn);
  await expect(panel.getByTestId('quote-total')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reserve' })).toBeEnabled();
  await axe();
});
