import { expect, test } from './fixtures';

interface Card {
  id: string;
  slug: string;
  name: string;
  public_name: string | null;
}

test('a visitor browses the Luxury collection and opens a home', async ({ page, request, axe }) => {
  const listing = await request.get('/api/properties/collection/luxury');
  const luxury = (await listing.json()) as Card[];
  expect(luxury.length).toBeGreaterThan(0);
  expect(Number(listing.headers()['x-total-count'])).toBe(luxury.length);

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Collections', exact: true }).click();
  await expect(page).toHaveURL(/\/collections$/);
  await page.getByRole('tab', { name: 'Luxury' }).click();
  await page
    .getByRole('tabpanel')
    .getByRole('link', { name: /view all/i })
    .click();

  await expect(page).toHaveURL(/\/collections\/properties\?collection=luxury$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxury Collection' })).toBeVisible();
  await expect(page).toHaveTitle(/Luxury Collection/);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(luxury.length);
  await axe();

  const first = luxury[0]!;
  const title = first.public_name ?? first.name;
  await cards.filter({ hasText: title }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/property/${first.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await axe();
});

test('a visitor who opens a home by its id lands on its readable address, query and hash kept', async ({
  page,
  request,
}) => {
  const [home] = (await (await request.get('/api/properties/collection/michigan?page=0&size=1')).json()) as Card[];
  await page.goto(`/property/${home!.id}?checkin=2027-07-01&adults=2#reviews`);
  await expect(page).toHaveURL(new RegExp(`/property/${home!.slug}\\?checkin=2027-07-01&adults=2#reviews$`));
  await expect(page.getByRole('heading', { level: 1, name: home!.public_name ?? home!.name })).toBeVisible();
});

test.describe('a visitor following a dead link', () => {
  test.use({ allowedConsoleErrors: [/status of 404|-> 404 /] });

  test('is told the home does not exist and can go home', async ({ page, axe }) => {
    await page.goto('/property/no-such-home-anywhere');
    await expect(page.getByRole('heading', { name: 'Property Not Found' })).toBeVisible();
    await expect(page.getByText('The requested property could not be found.')).toBeVisible();
    await axe();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
