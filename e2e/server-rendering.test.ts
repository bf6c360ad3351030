// The public pages are rendered on the server with their data (ADR 020): the
// first byte carries what the visitor came for, for people and crawlers
// alike, and the browser takes over without asking for the same data again.
import type { APIRequestContext } from '@playwright/test';
import { allPageRoutes, pathMatches } from '@sas/domain';
import { expect, test } from './fixtures';

interface Card {
  id: string;
  slug: string;
  name: string;
  public_name: string | null;
}

function isoDaysAhead(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A luxury home and a stay the server prices, with that price. */
async function pricedStay(request: APIRequestContext) {
  const [home] = (await (await request.get('/api/properties/collection/luxury')).json()) as Card[];
  if (!home) throw new Error('No luxury home');
  for (let week = 0; week < 26; week += 1) {
    const checkIn = isoDaysAhead(100 + week * 7);
    const checkOut = isoDaysAhead(104 + week * 7);
    const response = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
    });
    if (response.ok()) {
      const { total } = (await response.json()) as { total: number };
      return { home, name: home.public_name ?? home.name, checkIn, checkOut, total };
    }
  }
  throw new Error(`No priced stay at ${home.slug}`);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

test('every public page arrives with its content in the HTML', async ({ request }) => {
  const { home, name } = await pricedStay(request);
  const stay = `checkin=${isoDaysAhead(60)}&checkout=${isoDaysAhead(63)}&adults=2`;
  const pages: [string, string][] = [
    ['/', 'Mountain mornings. Lakeshore evenings.'],
    ['/collections', 'Our Collections'],
    ['/collections/properties?collection=luxury', 'Luxury Collection'],
    [`/property/${home.slug}`, name],
    [`/search?${stay}`, 'Available homes'],
    ['/search', 'Discover Our Collections'],
    ['/search/results?category=all', 'Our Listings'],
    ['/about-us', 'About Summit &amp; Shore'],
    ['/concierge', 'Concierge &amp; Hospitality'],
    ['/management', 'Management Solutions'],
    ['/policies', 'Policies'],
    ['/rental-agreement', 'Rental agreement'],
  ];
  // Every page the list of pages renders on the server (ADR 038) is here.
  for (const listed of allPageRoutes().filter((page) => page.rendered)) {
    const covered = pages.some(([path]) => pathMatches(listed.path, path.split('?', 1)[0] ?? path));
    expect(covered, `${listed.path} is rendered on the server but not checked here`).toBe(true);
  }
  for (const [path, heading] of pages) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html, path).toContain('id="sas-ssr-data"');
    // No inline script: the page's data is JSON, the policy allows no inline code.
    expect(html, path).not.toMatch(/<script>/);
    // It paints from the HTML alone (ADR 029): its styles are in it, every
    // stylesheet link is a disabled marker, and no script is announced.
    expect(html, path).toContain('<style>');
    for (const link of html.match(/<link rel="stylesheet"[^>]*>/g) ?? []) expect(link, path).toContain(' disabled');
    expect(html, path).not.toContain('modulepreload');
  }
});

test('a visitor without JavaScript reads a home: name, facts, photos, description, amenities, the price for the dates in the URL and its reviews', async ({
  browser,
  request,
}) => {
  const stay = await pricedStay(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/property/${stay.home.slug}?checkin=${stay.checkIn}&checkout=${stay.checkOut}&adults=2`);

  await expect(page.getByRole('heading', { level: 1, name: stay.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Key facts' })).toContainText('bedrooms');
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('img').first()).toBeVisible();
  for (const heading of ['About this space', 'Amenities', 'Reviews']) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'About this space' }).getByRole('paragraph').first()).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Amenities' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(
    `${usd.format(stay.total)} total incl. cleaning fee and taxes`,
  );
  // Google's landing-page price check reads the same total from the HTML (issue 27).
  const offer = page.locator('[itemtype="https://schema.org/Offer"]');
  await expect(offer.locator('meta[itemprop="price"]')).toHaveAttribute('content', stay.total.toFixed(2));
  await expect(offer.locator('meta[itemprop="priceCurrency"]')).toHaveAttribute('content', 'USD');
  // No placeholders left for someone who will never run the page's code.
  for (const note of await page.getByText(/^Loading (the description|amenities|reviews)…$/).all()) {
    await expect(note).toBeHidden();
  }
  await context.close();
});

test('Reserve tapped before the page’s code has run still starts the reservation, at the server’s price (issue 25)', async ({
  browser,
  request,
}) => {
  const stay = await pricedStay(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  // The phone that has drawn the page but not yet run its code: the app's files have not arrived.
  const appCode = /\/assets\/.*\.js$/;
  await page.route(appCode, (route) => route.abort());
  await page.goto(`/property/${stay.home.slug}?checkin=${stay.checkIn}&checkout=${stay.checkOut}&adults=2`);
  const summary = page.getByRole('complementary', { name: 'Price and booking' });
  await expect(summary.getByTestId('summary-total')).toHaveText(
    `${usd.format(stay.total)} total incl. cleaning fee and taxes`,
  );
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);

  await summary.getByRole('button', { name: 'Reserve' }).click();
  // The reservation page shows that it is on its way from its first paint, before its code has run…
  await expect(page).toHaveURL(/\/reservation\?home=/);
  await expect(page.getByRole('status')).toHaveText('Loading...');
  // …and goes on once the code arrives (here, on a reload).
  await page.unroute(appCode);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  // Priced by the server again, then the address is the reservation's own, as after the app's own Reserve.
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(page.getByTestId('order-total')).toHaveText(usd.format(stay.total));
  await expect(page.getByRole('complementary', { name: stay.name })).toContainText('2 adults');
  // A reload resumes the same reservation.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(usd.format(stay.total));
  await context.close();
});

test('a visitor without JavaScript picks dates on a home’s calendar and sees the price: a date tapped before the page’s code runs (issue 25)', async ({
  browser,
  request,
}) => {
  const [home] = (await (await request.get('/api/properties/collection/luxury')).json()) as Card[];
  if (!home) throw new Error('No luxury home');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/property/${home.slug}?adults=2`);
  const panel = page.locator('#booking');
  const day = (iso: string) => panel.locator(`.stay-calendar [data-day="${iso}"] button`);

  // A stay on the months the calendar shows, which the server prices.
  const shown = await Promise.all(
    (await panel.locator('.stay-calendar [data-day]').all()).map((cell) => cell.getAttribute('data-day')),
  );
  const free = await Promise.all(
    (await panel.locator('.stay-calendar [data-day]:has(button:not([disabled]))').all()).map((cell) =>
      cell.getAttribute('data-day'),
    ),
  );
  let stay: { checkIn: string; checkOut: string; total: number } | undefined;
  for (const checkIn of free.filter((iso): iso is string => iso !== null)) {
    for (let nights = 2; nights <= 7 && stay === undefined; nights += 1) {
      const out = new Date(`${checkIn}T00:00:00Z`);
      out.setUTCDate(out.getUTCDate() + nights);
      const checkOut = out.toISOString().slice(0, 10);
      if (!shown.includes(checkOut)) break;
      const response = await request.post(`/api/properties/${home.id}/quote`, {
        data: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
      });
      if (response.ok()) stay = { checkIn, checkOut, total: ((await response.json()) as { total: number }).total };
    }
    if (stay !== undefined) break;
  }
  if (stay === undefined) throw new Error(`No stay on the months ${home.slug}'s calendar shows`);

  await day(stay.checkIn).click();
  await expect(page).toHaveURL(new RegExp(`[?&]checkin=${stay.checkIn}(&|#|$)`));
  await expect(panel.getByRole('status').filter({ hasText: 'Now select your check-out date' })).toBeVisible();
  await day(stay.checkOut).click();
  await expect(page).toHaveURL(new RegExp(`[?&]checkout=${stay.checkOut}(&|#|$)`));
  await expect(panel.getByTestId('quote-total')).toContainText(usd.format(stay.total));
  await expect(panel.getByRole('button', { name: 'Reserve' })).toBeEnabled();
  // The summary beside the photos prices the same stay.
  await expect(page.getByTestId('summary-total')).toContainText(usd.format(stay.total));

  await panel.getByRole('button', { name: 'Clear dates' }).click();
  await expect(page).not.toHaveURL(/checkin=/);
  await expect(panel.getByRole('status').filter({ hasText: 'Select your check-in date.' })).toBeVisible();
  await context.close();
});

test('a visitor without JavaScript on a page the browser draws reads what is missing, not an endless spinner', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/payment');
  // As drawn (the notice is in a <noscript>, which a locator's text leaves out).
  const drawn = await page.locator('body').innerText();
  expect(drawn).toContain('Summit & Shore needs JavaScript to search by date and take bookings.');
  expect(drawn).not.toContain('Loading...');
  await context.close();
});

test('a visitor without JavaScript browses a collection: its cards link to the homes', async ({ browser, request }) => {
  const cards = (await (await request.get('/api/properties/collection/michigan')).json()) as Card[];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/collections/properties?collection=michigan');
  await expect(page.getByRole('heading', { level: 1, name: 'Michigan Collection' })).toBeVisible();
  const first = cards[0]!;
  const link = page.getByRole('link', { name: first.public_name ?? first.name }).first();
  await expect(link).toHaveAttribute('href', `/property/${first.slug}`);
  await expect(page.getByTestId('property-card')).toHaveCount(cards.length);
  await context.close();
});

test('a page drawn on the server takes over in the browser asking for its data at most once', async ({
  page,
  request,
}) => {
  const stay = await pricedStay(request);
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('.css')) asked.push(pathname);
  });
  const response = await page.goto(
    `/property/${stay.home.slug}?checkin=${stay.checkIn}&checkout=${stay.checkOut}&adults=2`,
  );
  const inlined = [
    ...((await response?.text()) ?? '').matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)" disabled>/g),
  ].map((match) => match[1]);
  expect(inlined.length).toBeGreaterThan(0);
  // A home's HTML leaves its data out (ADR 048): the app asks for the home, its
  // taken nights and the stay's price once each as it starts, and never again.
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  const homeData = asked.filter((path) => path.startsWith('/api/properties/'));
  expect(homeData.map((path) => path.replace(stay.home.id, ':id')).sort()).toEqual([
    '/api/properties/:id/calendar',
    '/api/properties/:id/quote',
    `/api/properties/search/${stay.home.slug}`,
  ]);
  const summary = page.getByRole('complementary', { name: 'Price and booking' });
  await summary.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  expect(asked.filter((path) => path.startsWith('/api/properties/'))).toEqual(homeData);
  // Nor its styles, which came in the HTML.
  expect(asked.filter((path) => inlined.includes(path))).toEqual([]);

  // A collection's HTML carries its homes: the app asks for none of them.
  asked.length = 0;
  await page.goto('/collections/properties?collection=luxury');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([]);
});
