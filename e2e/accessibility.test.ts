import { expect, test } from './fixtures';

interface Card {
  slug: string;
}

// `phone`: scanned at phone width too (@a11y). The pages without it are the
// same document reflowed by CSS at phone width (ADR 033): the phone scans
// keep to the pages whose phone layout differs (the menu, the card grids).
const staticPages = [
  { path: '/', phone: true },
  { path: '/collections', phone: false },
  { path: '/collections/properties?collection=luxury', phone: true },
  { path: '/collections/properties?collection=michigan', phone: false },
  { path: '/rental-agreement', phone: false },
];

for (const { path, phone } of staticPages) {
  test(`a visitor using assistive technology can use ${path}${phone ? ' @a11y' : ''}`, async ({ page, axe }) => {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    // Lazy sections only render once scrolled near, so scan after they have;
    // the page grows as they fill in, so keep scrolling until none is left.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await axe();
  });
}

test('a visitor using assistive technology can read a home page @a11y', async ({ page, request, axe }) => {
  const [home] = (await (await request.get('/api/properties/collection/resort?page=0&size=1')).json()) as Card[];
  await page.goto(`/property/${home!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axe();
});

test('a keyboard user reaches every header link in order', async ({ page }) => {
  await page.goto('/');
  const names: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    names.push(name);
  }
  for (const link of ['Collections', 'Concierge', 'Policies', 'Management', 'About Us']) {
    expect(names).toContain(link);
  }
});
