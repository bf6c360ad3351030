// Verified reviews (issue 28) as a guest and staff would meet them: a stay is
// booked and paid through the API, the jobs run once as if the day after
// checkout (POST /api/test/jobs/run, TEST_CLOCK), and the thank-you e-mail's
// review link opens the review form (axe-scanned); the guest's review waits
// for staff, who publish it in the console, and the home's page then shows
// it with "Stayed in Month Year" in a rating that counts it.
import type { APIRequestContext } from '@playwright/test';
import { addAccount, addDays, bookThroughApi, freeNights, panelHomes, signIn, type Home } from './console-helpers';
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';

interface Details {
  id: string;
  slug: string;
  reviews: number;
  rating: number | null;
}

async function details(request: APIRequestContext, slug: string): Promise<Details> {
  return (await (await request.get(`/api/properties/search/${slug}`)).json()) as Details;
}

test('the review link after checkout leads to a published review on the home page that moves its rating', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  // A home already showing a rating (6+ reviews), so the new one visibly counts.
  let home: Home | undefined;
  let before: Details | undefined;
  for (const candidate of await panelHomes(request)) {
    const found = await details(request, candidate.slug);
    if (found.reviews >= 6 && found.rating !== null) {
      home = candidate;
      before = found;
      break;
    }
  }
  if (!home || !before) throw new Error('No home with a rating');
  const email = `reviewer.${Date.now()}@example.com`;
  const stay = await freeNights(request, home, 2, 2);
  await bookThroughApi(request, home, stay, email);

  // The day after checkout, mid-day in every US home's zone: the thank-you goes, with its link.
  const dayAfter = addDays(stay.checkOut, 1);
  const ran = await request.post('/api/test/jobs/run', { data: { at: `${dayAfter}T20:00:00.000Z` } });
  expect(ran.status()).toBe(200);
  const thanks = (await outboxMessages()).find(
    (message) => message.includes(email) && message.includes('/review?token='),
  );
  const link = /\/review\?token=[A-Za-z0-9_.-]+/.exec(thanks ?? '')?.[0];
  expect(link, 'the thank-you e-mail carries the review link').toBeDefined();

  // The browser lives on that day too (the review window opens at checkout).
  const days = Math.round((Date.parse(dayAfter) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000);
  await page.setExtraHTTPHeaders({ 'x-test-clock-days': String(days) });
  await page.goto(link ?? '/review');
  await expect(page.getByRole('heading', { level: 1, name: /^How was your stay at / })).toBeVisible();
  await axe();
  // One star overall, so the home's mean (one decimal) visibly moves.
  await page.getByRole('group', { name: 'Overall' }).getByLabel('1 of 5').check();
  for (const legend of ['Cleanliness', 'Accuracy', 'Communication', 'Location', 'Value']) {
    await page.getByRole('group', { name: legend }).getByLabel('3 of 5').check();
  }
  const words = `Quiet street, warm beds and a view worth waking up for (${email}).`;
  await page.getByLabel('Your review').fill(words);
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your review' })).toBeVisible();

  // Staff publish it in the console.
  const staff = `reviews.staff.${Date.now()}@example.com`;
  await addAccount(staff, 'staff');
  await signIn(page, staff);
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish the review by Rowan Q.' });
  await publish.click();
  // The button goes once the server has published it; only then does the home count it.
  await expect(publish).toHaveCount(0);

  // The home's page shows it, with when the guest stayed, in a rating that counts it.
  const month = new Date(`${stay.checkIn}T12:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const after = await details(request, home.slug);
  expect(after.reviews).toBe(before.reviews + 1);
  expect(after.rating ?? 5).toBeLessThan(before.rating ?? 0);
  await page.goto(`/property/${home.slug}`);
  const rating = page.getByTestId('property-rating');
  await expect(rating).toContainText(`${after.reviews} reviews`);
  await expect(rating).toContainText((after.rating ?? 0).toFixed(1));
  // The reviews load when scrolled near.
  await page.getByRole('heading', { level: 2, name: 'Reviews' }).scrollIntoViewIfNeeded();
  const reviews = page.locator('#reviews');
  await expect(reviews.getByText(`Stayed in ${month} ${stay.checkIn.slice(0, 4)}`).first()).toBeAttached({
    timeout: 15_000,
  });
  await expect(reviews.getByText(words).first()).toBeAttached();
});
