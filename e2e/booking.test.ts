// The money path end to end (DESIGN.md): property page, the three reservation
// steps, the sandbox card form, the confirmation page and the e-mail in the
// outbox. Each test books its own home on its own dates, so parallel workers
// never compete for the same nights.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { acceptRentalAgreement } from './console-helpers';
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir } from './server-config';

const collections = ['essentials', 'resort', 'luxury', 'michigan'] as const;
const nights = 4;

interface Card {
  id: string;
  slug: string;
}

interface Details extends Card {
  name: string;
  public_name: string | null;
  bookingWidgetUrl: string | null;
  maxGuests: number;
}

interface Quote {
  total: number;
}

interface Stay {
  home: Details;
  name: string;
  checkIn: string;
  checkOut: string;
  /** The server's total for the stay, in cents, before add-ons. */
  stayCents: number;
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatCents = (cents: number) => usd.format(cents / 100);

/** Homes that take bookings through our own panel (no third-party booking frame), in a fixed order. */
async function panelHomes(request: APIRequestContext): Promise<Details[]> {
  const seen = new Map<string, Card>();
  for (const collection of collections) {
    const cards = (await (await request.get(`/api/properties/collection/${collection}`)).json()) as Card[];
    for (const card of cards) seen.set(card.id, card);
  }
  const homes: Details[] = [];
  for (const card of [...seen.values()].sort((a, b) => a.slug.localeCompare(b.slug))) {
    const details = (await (await request.get(`/api/properties/search/${card.slug}`)).json()) as Details;
    if (details.bookingWidgetUrl === null && details.maxGuests >= 2) homes.push(details);
  }
  return homes;
}

/**
 * A stay of `nights` nights for two adults at the `homeIndex`-th panel home,
 * starting about `daysAhead` days from now: moved on a week at a time until
 * the server quotes it, which honours seasons' minimum stays and skips nights
 * some other run has taken.
 */
async function findStay(request: APIRequestContext, homeIndex: number, daysAhead: number): Promise<Stay> {
  const homes = await panelHomes(request);
  const home = homes[homeIndex % homes.length];
  if (!home) throw new Error('No seeded home takes bookings through the booking panel');
  const today = new Date().toISOString().slice(0, 10);
  for (let week = 0; week < 26; week += 1) {
    const checkIn = addDays(today, daysAhead + week * 7);
    const checkOut = addDays(checkIn, nights);
    const response = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
    });
    if (response.ok()) {
      const quote = (await response.json()) as Quote;
      return { home, name: home.public_name ?? home.name, checkIn, checkOut, stayCents: Math.round(quote.total * 100) };
    }
  }
  throw new Error(`No bookable ${nights}-night stay found at ${home.slug}`);
}

/** From the property page (dates in the URL) to step 1 of the reservation. */
async function reserveFromPropertyPage(page: Page, stay: Stay): Promise<void> {
  const query = new URLSearchParams({ checkin: stay.checkIn, checkout: stay.checkOut, adults: '2' });
  await page.goto(`/property/${stay.home.slug}?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: stay.name })).toBeVisible();
  // The summary beside the photos: no scrolling needed.
  const reserve = page
    .getByRole('complementary', { name: 'Price and booking' })
    .getByRole('button', { name: 'Reserve' });
  await expect(reserve).toBeEnabled({ timeout: 15_000 });
  await reserve.click();
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
}

async function fillContact(page: Page, firstName: string, email: string): Promise<void> {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Lindqvist');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+1 970 555 0199');
}

async function payByCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('a guest books a home with a private chef and weekly housekeeping, pays with 4242…, sees the confirmation with the right total', async ({
  page,
  request,
  axe,
}) => {
  // A long journey (every step by keyboard, axe scans along the way): over 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const stay = await findStay(request, 0, 150);
  const totalCents = stay.stayCents + 200_00 + 100_00;

  await reserveFromPropertyPage(page, stay);
  await expect(page.getByRole('progressbar', { name: 'Reservation progress' })).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await fillContact(page, 'Avery', 'avery@example.com');
  await axe();

  // The rest of the way by keyboard only.
  await page.getByLabel('Phone number').press('Enter');
  const customize = page.getByRole('heading', { level: 1, name: 'Customize your stay' });
  await expect(customize).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /^Housekeeping/ })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Weekly', exact: true })).toBeChecked();
  // A ticked service asks for its day and time, the first full day's by default.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Housekeeping day')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Housekeeping time')).toHaveValue('10:00');
  await expect(page.getByLabel('Housekeeping time')).toBeFocused();
  // Past the time's hour, minute and AM/PM fields and the Spa box, to the chef.
  const chef = page.getByRole('checkbox', { name: /^Private Chef/ });
  for (let presses = 0; presses < 6 && !(await chef.evaluate((box) => box === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(chef).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(totalCents));
  // The rental agreement, ticked from the keyboard too.
  await tabTo(page, page.getByRole('checkbox', { name: 'I accept the rental agreement' }));
  await page.keyboard.press('Space');
  await acceptRentalAgreement(page);
  await axe();
  await page.getByRole('button', { name: 'Proceed to Payment' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeFocused();
  const pay = page.getByRole('button', { name: `Pay ${formatCents(totalCents)}` });
  await expect(pay).toBeVisible();
  await expect(page.getByText('Test mode - no real charge')).toBeVisible();
  await axe();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await pay.press('Enter');

  await expect(page).toHaveURL(/\/booking-confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(formatCents(totalCents));
  const prices = page.getByRole('table', { name: 'Price breakdown' });
  await expect(prices.getByRole('row', { name: 'Housekeeping (Weekly) $100.00' })).toBeVisible();
  await expect(prices.getByRole('row', { name: 'Private Chef $200.00' })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText(/A confirmation e-mail is on its way to avery@example\.com/)).toBeVisible();
  await expect(page).toHaveTitle('Booking confirmation | Summit & Shore');
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(code).toMatch(/^SAS-[A-Z0-9]{6}$/);
  await axe();

  // The booked nights are gone from the calendar for everyone else.
  const again = await request.post(`/api/properties/${stay.home.id}/quote`, {
    data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
  });
  expect(again.status()).toBe(422);

  await expect
    .poll(async () => (await outboxMessages()).some((message) => message.includes(code)), {
      message: `an e-mail about ${code} in ${outboxDir}`,
      timeout: 15_000,
    })
    .toBe(true);
});

test('a guest goes back and forth between the steps, changes add-ons and dates, reloads, and pays once for the last total', async ({
  page,
  request,
}) => {
  const stay = await findStay(request, 4, 290);
  await reserveFromPropertyPage(page, stay);
  await fillContact(page, 'Rowan', 'rowan@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await acceptRentalAgreement(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('button', { name: `Pay ${formatCents(stay.stayCents)}` })).toBeVisible();

  // Back to step 2 for a private chef: the nights held a moment ago are the guest's own.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('checkbox', { name: /^Private Chef/ }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('button', { name: `Pay ${formatCents(stay.stayCents + 200_00)}` })).toBeVisible();

  // Back to step 1, one night later: the new stay overlaps the held one.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Edit check-in date' }).click();
  const checkIn = addDays(stay.checkIn, 1);
  const checkOut = addDays(stay.checkOut, 1);
  await page.getByLabel('Check-in', { exact: true }).fill(checkIn);
  await page.getByLabel('Check-out', { exact: true }).fill(checkOut);
  await page.getByRole('button', { name: 'Update dates' }).click();
  await expect(page.getByRole('button', { name: 'Edit check-in date' })).toBeFocused();
  const total = (await page.getByTestId('order-total').textContent()) ?? '';
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await expect(pay).toBeVisible();

  // A reload keeps the same payment and the same held nights.
  await page.reload();
  await expect(pay).toBeVisible();
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(total);
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';

  // One booking, of the last stay: its nights are taken, the first night of the old stay is free again.
  const taken = await request.post(`/api/properties/${stay.home.id}/quote`, {
    data: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
  });
  expect(taken.status()).toBe(422);
  const calendar = (await (await request.get(`/api/properties/${stay.home.id}/calendar`)).json()) as {
    unavailable: string[];
  };
  expect(calendar.unavailable).not.toContain(stay.checkIn);
  expect(calendar.unavailable).toContain(checkIn);
  // The booking's e-mail (the post-payment request may add a copy once it has gone) is for the last total only.
  await expect
    .poll(async () => (await outboxMessages()).filter((message) => message.includes(code)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  for (const message of (await outboxMessages()).filter((mail) => mail.includes(code))) {
    expect(message).toContain(`Total paid: ${total}`);
  }
});

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    // Sections below the fold render as focus scrolls them into view, so the target may not exist yet.
    if ((await target.count()) > 0 && (await target.evaluate((el) => el === document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${maxPresses} presses`).toBeFocused();
}

test('a keyboard-only guest books a home from its page to the confirmation', async ({ page, request }) => {
  // A long journey (every step by keyboard, axe scans along the way): over 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const stay = await findStay(request, 3, 255);
  const totalCents = stay.stayCents + 50_00;
  const query = new URLSearchParams({ checkin: stay.checkIn, checkout: stay.checkOut, adults: '2' });
  await page.goto(`/property/${stay.home.slug}?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: stay.name })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Reserve', exact: true }).first(), 200);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();

  for (const [label, value] of [
    ['First name', 'Emery'],
    ['Last name', 'Lindqvist'],
    ['Email', 'emery@example.com'],
    ['Phone number', '+1 970 555 0177'],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Customize your stay' })).toBeFocused();
  await tabTo(page, page.getByRole('checkbox', { name: /^Grocery Delivery/ }));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(totalCents));
  await tabTo(page, page.getByRole('checkbox', { name: 'I accept the rental agreement' }));
  await page.keyboard.press('Space');
  await acceptRentalAgreement(page);
  await tabTo(page, page.getByRole('button', { name: 'Proceed to Payment' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeFocused();
  for (const [label, value] of [
    ['Card number', '4242 4242 4242 4242'],
    ['Expiry (MM/YY)', '12/34'],
    ['CVC', '123'],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('button', { name: `Pay ${formatCents(totalCents)}` }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(formatCents(totalCents));
  const prices = page.getByRole('table', { name: 'Price breakdown' });
  await expect(prices.getByRole('row', { name: 'Grocery Delivery $50.00' })).toBeVisible();
});

test.describe('when the provider or the server says no', () => {
  // The browser logs every 4xx answer as a console error; these are expected here.
  test.use({ allowedConsoleErrors: [/status of (402|409)|-> (402|409) /] });

  test('a declined card shows the message and lets the guest retry', async ({ page, request }) => {
    const stay = await findStay(request, 1, 185);

    await reserveFromPropertyPage(page, stay);
    await fillContact(page, 'Blair', 'blair@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customize your stay' })).toBeVisible();
    await acceptRentalAgreement(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    const pay = page.getByRole('button', { name: `Pay ${formatCents(stay.stayCents)}` });
    await expect(pay).toBeVisible();
    await payByCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(pay).toBeEnabled();
    await expect(page).toHaveURL(/\/reservation$/);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toHaveText(formatCents(stay.stayCents));
  });

  test('a second guest trying the same nights is told they are taken before paying', async ({ page, request, axe }) => {
    const stay = await findStay(request, 2, 220);

    await reserveFromPropertyPage(page, stay);
    await fillContact(page, 'Casey', 'casey@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customize your stay' })).toBeVisible();

    // Meanwhile another guest starts paying for the same nights, which holds them.
    const competitor = await request.post('/api/stripe/create-payment-intent', {
      data: {
        propertyId: stay.home.id,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        guests: { adults: 2, children: 0, infants: 0, pets: 0 },
        addOns: [],
        amount: stay.stayCents,
        confirmationCode: `TMP-${Date.now()}`,
        contact: { firstName: 'Dana', lastName: 'Okafor', email: 'dana@example.com', phoneNumber: '+1 970 555 0123' },
        agreement: { accepted: true, over25: true },
      },
    });
    expect(competitor.status()).toBe(200);

    await acceptRentalAgreement(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('These dates are no longer available');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await axe();
    await alert.getByRole('link', { name: 'Choose other dates' }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${stay.home.slug}$`));
  });
});
