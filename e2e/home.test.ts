import { expect, test } from './fixtures';

/** An ISO date `days` from today, so the journey never ages into the past. */
function daysFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

test('a visitor plans a getaway from the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Plan Your Getaway' }).click();
  const search = page.getByRole('search');
  await expect(search).toBeInViewport();

  const checkIn = daysFromNow(60);
  const checkOut = daysFromNow(64);
  await search.getByLabel(/check-in/i).fill(checkIn);
  await search.getByLabel(/check-out/i).fill(checkOut);
  await search.getByLabel(/guests/i).fill('4');
  await search.getByRole('button', { name: /search/i }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?location=.*&checkIn=${checkIn}&checkOut=${checkOut}&adults=4`));
});

test('featured homes load when the visitor scrolls to them', async ({ page }) => {
  await page.goto('/');
  const featured = page.getByRole('region', { name: /featured homes/i });
  await featured.scrollIntoViewIfNeeded();
  await expect(featured.getByRole('article').first()).toBeVisible();
  const before = await featured.getByRole('article').first().innerText();
  await featured.getByRole('button', { name: /next/i }).first().click();
  await expect(featured.getByRole('article').first()).not.toHaveText(before);
});

test('a visitor on a phone uses the menu @mobile', async ({ page, axe }) => {
  await page.goto('/');
  const toggle = page.locator('summary', { hasText: 'Menu' });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Collections', 'Concierge', 'Policies', 'Management', 'About Us']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await axe();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole('link', { name: 'Collections', exact: true }).click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(menu).toBeHidden();
});
