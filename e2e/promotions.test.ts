// Promotions as a guest and as staff would try them (issue 26): a guest types
// a code at the payment step and pays the discounted total, which the
// confirmation shows with the discount on its own line; a marketing link's
// code is carried from the home page into the booking; staff create a code
// limited to 5 uses in the console and pause it, after which guests are told
// it is no longer available.
import type { APIRequestContext, Page } from '@playwright/test';
import { acceptRentalAgreement, addAccount, addDays, panelHomes, password, signIn, type Home } from './console-helpers';
import { expect, test } from './fixtures';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatCents = (cents: number) => usd.format(cents / 100);

interface Quote {
  total: number;
  discounts: { kind: string; name: string; amount: number }[];
  promo?: { code: string; applied: boolean; reason?: string };
}

/** A staff account's bearer token for the console API. */
async function staffToken(request: APIRequestContext, email: string): Promise<string> {
  await addAccount(email, 'staff');
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

async function createCode(request: APIRequestContext, token: string, code: string): Promise<void> {
  const created = await request.post('/api/admin/promotions', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, kind: 'percent', value: 10 },
  });
  expect(created.status()).toBe(201);
}

/** Three weekday nights at a home, free and quoted, about `daysAhead` days out. */
async function findStay(request: APIRequestContext, home: Home, daysAhead: number, promoCode?: string) {
  let day = addDays(new Date().toISOString().slice(0, 10), daysAhead);
  for (let tries = 0; tries < 200; tries += 1, day = addDays(day, 1)) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) continue;
    const checkOut = addDays(day, 3);
    const response = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: day, checkout_date: checkOut, guests: { adults: 2 }, ...(promoCode ? { promoCode } : {}) },
    });
    if (response.ok()) return { checkIn: day, checkOut, quote: (await response.json()) as Quote };
  }
  throw new Error(`No free weekday nights at ${home.slug}`);
}

async function reserve(page: Page, home: Home, stay: { checkIn: string; checkOut: string }) {
  const query = new URLSearchParams({ checkin: stay.checkIn, checkout: stay.checkOut, adults: '2' });
  await page.goto(`/property/${home.slug}?${query.toString()}`);
  const button = page
    .getByRole('complementary', { name: 'Price and booking' })
    .getByRole('button', { name: 'Reserve' });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await button.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Email').fill('noor@example.com');
  await page.getByLabel('Phone number').fill('+1 970 555 0177');
  await page.getByRole('button', { name: 'Next' }).click();
  await acceptRentalAgreement(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
}

async function payAndSeeConfirmation(page: Page, totalCents: number) {
  const pay = page.getByRole('button', { name: `Pay ${formatCents(totalCents)}` });
  await expect(pay).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('confirmation-total')).toHaveText(formatCents(totalCents));
}

test('a guest types a promo code at the payment step: a wrong one keeps the price, the right one is paid and shown on its own line', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const token = await staffToken(request, 'promo.staff.one@example.com');
  await createCode(request, token, 'WELCOMEBACK');
  const home = (await panelHomes(request))[5]!;
  const stay = await findStay(request, home, 120);
  const discounted = await findStay(request, home, 120, 'welcomeback');
  expect(discounted.checkIn).toBe(stay.checkIn);

  await reserve(page, home, stay);
  await expect(
    page.getByRole('button', { name: `Pay ${formatCents(Math.round(stay.quote.total * 100))}` }),
  ).toBeVisible({
    timeout: 15_000,
  });
  const field = page.getByRole('textbox', { name: 'Promo code' });
  await field.fill('NOTACODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("We don't know the code NOTACODE. Check its spelling.")).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(Math.round(stay.quote.total * 100)));

  await field.fill('welcomeback');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code WELCOMEBACK applied.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Code WELCOMEBACK \(10%\)/ })).toBeVisible();
  await axe();
  await payAndSeeConfirmation(page, Math.round(discounted.quote.total * 100));
  await expect(
    page.getByRole('table', { name: 'Price breakdown' }).getByRole('row', { name: /Code WELCOMEBACK \(10%\)/ }),
  ).toBeVisible();
});

test('a marketing link (?promo=CODE) on the home page carries its code into the booking', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await staffToken(request, 'promo.staff.two@example.com');
  await createCode(request, token, 'SUMMERMAIL');
  const home = (await panelHomes(request))[6]!;
  const stay = await findStay(request, home, 130, 'SUMMERMAIL');
  expect(stay.quote.promo?.applied).toBe(true);

  await page.goto('/?promo=SUMMERMAIL');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await reserve(page, home, stay);
  // Priced with the link's code from the first step on, and shown as applied at the payment step.
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveValue('SUMMERMAIL');
  await expect(page.getByRole('row', { name: /Code SUMMERMAIL \(10%\)/ })).toBeVisible();
  await payAndSeeConfirmation(page, Math.round(stay.quote.total * 100));
});

test('staff create a code limited to 5 uses in the console and pause it; guests are then told it is no longer available', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const email = 'promo.staff.three@example.com';
  await addAccount(email, 'staff');
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Promotions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New promo code' });
  await form.getByLabel('Code').fill('FALL10');
  await form.getByLabel('Percent').fill('10');
  await form.getByLabel('Total uses').fill('5');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText('Code FALL10 created.')).toBeVisible();
  const row = page.getByRole('row', { name: /FALL10/ });
  await expect(row).toContainText('0 / 5');
  await axe();

  const home = (await panelHomes(request))[7]!;
  const stay = await findStay(request, home, 140);
  const quote = async () =>
    (await (
      await request.post(`/api/properties/${home.id}/quote`, {
        data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 }, promoCode: 'fall10' },
      })
    ).json()) as Quote;
  expect((await quote()).promo).toEqual({ code: 'FALL10', applied: true });

  await row.getByRole('button', { name: 'Pause FALL10' }).click();
  await expect(page.getByRole('row', { name: /FALL10 \(paused\)/ })).toBeVisible();
  const paused = await quote();
  expect(paused.promo).toEqual({ code: 'FALL10', applied: false, reason: 'The code FALL10 is no longer available.' });
  expect(paused.total).toBe(stay.quote.total);
});
