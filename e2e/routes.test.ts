// Every route of SPEC.md's table that no other journey lands on by itself:
// each renders its page (or its documented error state) with no console
// errors and no axe violations, at desktop and phone width (@a11y runs both).
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
}

const routes: RouteCase[] = [
  {
    story: 'a visitor opens Our Listings and sees every home',
    path: '/search/results?category=all',
    heading: 'Our Listings',
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
  {
    story: 'a visitor on an address that does not exist is offered the way home',
    path: '/no-such-page',
    heading: 'Page not found',
  },
];

for (const route of routes) {
  test(`${route.story} @a11y`, async ({ page, axe }) => {
    await page.goto(route.path);
    if (route.landsOn) await expect(page).toHaveURL(route.landsOn);
    if (route.text) await expect(page.getByText(route.text, { exact: true })).toBeVisible();
    if (route.heading) await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await axe();
  });
}
