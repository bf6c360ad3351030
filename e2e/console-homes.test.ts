// The console's homes (issue 14): a staff member changes a home's summary and
// its base nightly rate and guests see both at once; a photo uploaded in the
// console is served to guests.
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { accessToken, addAccount, addDays, collections, panelHomes, signIn, type Home } from './console-helpers';

interface Season {
  from: string;
  to: string;
}

async function signedInToken(page: Page): Promise<string> {
  const token = await accessToken(page);
  if (!token) throw new Error('not signed in');
  return token;
}

/** Two weekday nights (Monday to Wednesday) outside every season of the home, free to book. */
async function plainWeekdays(
  request: APIRequestContext,
  home: Home,
  seasons: Season[],
): Promise<{ checkIn: string; checkOut: string }> {
  let day = addDays(new Date().toISOString().slice(0, 10), 60);
  for (let tries = 0; tries < 400; tries += 1, day = addDays(day, 1)) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) continue;
    const checkOut = addDays(day, 2);
    if (seasons.some((season) => day < season.to && checkOut > season.from)) continue;
    const quote = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: day, checkout_date: checkOut, guests: { adults: 2 } },
    });
    if (quote.ok()) return { checkIn: day, checkOut };
  }
  throw new Error(`No plain weekday nights at ${home.slug}`);
}

test("a staff member changes a home's summary and base nightly rate, and guests see both at once", async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const email = 'homes.staff@example.com';
  await addAccount(email, 'staff');
  const home = (await panelHomes(request))[8]!;
  await signIn(page, email);

  const rates = (await (
    await request.get(`/api/admin/properties/${home.id}/rates`, {
      headers: { Authorization: `Bearer ${await signedInToken(page)}` },
    })
  ).json()) as { seasons: Season[] };
  const stay = await plainWeekdays(request, home, rates.seasons);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Homes' }).click();
  await page.getByLabel('Search by name or property ID').fill(home.propertyId);
  await page.getByRole('link', { name: home.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/homes/${home.propertyId}$`));

  const summary = `Freshly repainted, with a new hot tub on the deck (${test.info().project.name}).`;
  await page.getByLabel('Summary').fill(summary);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Saved. The public page shows the change now.')).toBeVisible();

  await page.getByLabel('Base nightly ($)').fill('333');
  await page.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByText(/^Rates saved\./)).toBeVisible();
  await axe();

  // The home's card on its collection page and the guest's quote, straight away.
  let collection = '';
  for (const name of collections) {
    const cards = (await (await request.get(`/api/properties/collection/${name}`)).json()) as { propertyId: string }[];
    if (cards.some((card) => card.propertyId === home.propertyId)) collection = name;
  }
  await page.goto(`/collections/properties?collection=${collection}`);
  await expect(page.getByText(summary)).toBeVisible();
  const quote = await request.post(`/api/properties/${home.id}/quote`, {
    data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
  });
  expect(quote.ok()).toBe(true);
  const priced = (await quote.json()) as { basePrice: number; nightly: { price: number }[] };
  expect(priced.basePrice).toBe(666);
});

test('a staff member uploads a photo, and guests are served it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = 'photos.staff@example.com';
  await addAccount(email, 'staff');
  const home = (await panelHomes(request))[9]!;
  const before = ((await (await request.get(`/api/properties/search/${home.slug}`)).json()) as { images: string[] })
    .images;

  await signIn(page, email);
  await page.goto(`/admin/homes/${home.propertyId}`);
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Choose photos to upload')
    .setInputFiles({ name: 'deck.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByText('1 of 1 photos added.')).toBeVisible({ timeout: 30_000 });

  const after = ((await (await request.get(`/api/properties/search/${home.slug}`)).json()) as { images: string[] })
    .images;
  const added = after.filter((url) => !before.includes(url));
  expect(added).toHaveLength(1);
  const photo = await request.get(added[0]!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toMatch(/^image\/(webp|avif|jpeg)/);
  expect((await photo.body()).length).toBeGreaterThan(100);

  // The home's full gallery shows it.
  const key = /\/media\/(.+)-\d+\.\w+$/.exec(new URL(added[0]!, 'http://site').pathname)?.[1] ?? '';
  expect(key).not.toBe('');
  await page.goto(`/property/${home.slug}`);
  await page.getByRole('button', { name: `Show all ${after.length} photos` }).click();
  await expect(page.locator(`img[src*="${key}"], source[srcset*="${key}"]`).first()).toBeAttached();
});
