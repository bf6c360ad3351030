// Every route of SPEC.md's table that no other journey lands on by itself:
// each renders its page (or its documented error state) with no console
// errors and no axe violations, at desktop width, and at phone width too where
// the page's phone layout differs (`phone`: the card grids; ADR 033).
// Content and account pages have their own journeys (content.test.ts,
// accounts.test.ts); the booking steps with data are in booking.test.ts.
import { expect, test } from './fixtures';

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const checkIn = addDays(new Date().toISOString().slice(0, 10), 75);
const checkOut = addDays(checkIn, 4);

interface RouteCase {
  story: string;
  path: string;
  /** Where the visitor ends up, when the route redirects. */
  landsOn?: RegExp;
  /** What shows that the page rendered: its main heading, or the text of its error state. */
  heading?: string | RegExp;
  text?: string;
  phone?: boolean;
}

const routes: RouteCase[] = [
  {
    story: 'a visitor opens Our Listings and sees every home',
    path: '/search/results?category=all',
    heading: 'Our Listings',
    phone: true,
  },
  {
    story: 'a visitor searching without dates is offered the collections',
    path: '/search/results',
    heading: 'Discover Our Collections',
  },
  {
    story: 'a visitor with dates in the address sees the homes free for them',
    path: `/search?checkIn=${checkIn}&checkOut=${checkOut}&adults=2`,
    heading: 'Available homes',
    phone: true,
  },
  {
    story: 'a visitor following /null without dates is sent home',
    path: '/null',
    landsOn: /\/$/,
    heading: /Mountain mornings/,
  },
  {
    story: 'a visitor opening /reservation directly is told to start from a home',
    path: '/reservation',
    text: 'Error: No reservation data found. Please start your reservation from the property page.',
  },
  {
    story: 'a visitor opening /payment directly is told the reservation is missing',
    path: '/payment',
    text: 'Reservation details not found.',
  },
  {
    story: 'a visitor opening /booking-confirmation directly is told there is no booking',
    path: '/booking-confirmation',
    text: 'Error: No booking data found',
  },
];

for (const route of routes) {
  test(`${route.story}${route.phone ? ' @a11y' : ''}`, async ({ page, axe }) => {
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBe(200);
    if (route.landsOn) await expect(page).toHaveURL(route.landsOn);
    if (route.text) await expect(page.getByText(route.text, { exact: true })).toBeVisible();
    if (route.heading) await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await axe();
  });
}

test.describe(() => {
  // The browser notes the document's own 404 in the console: expected here.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\)/] });
  test('a visitor on an address that does not exist gets a 404 with the not-found page, and the way home', async ({
    page,
    browser,
    axe,
  }) => {
    // Without JavaScript, the page is there: crawlers and monitoring see the 404 and the page alike.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    const response = await bare.goto('/no-such-page?from=old-link');
    expect(response?.status()).toBe(404);
    await expect(bare.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(await bare.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await context.close();

    await page.goto('/no-such-page');
    await axe();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Mountain mornings/ })).toBeVisible();
  });
});
