// Payments on a schedule and the rental agreement (issue 17): a guest books a
// stay more than 45 days away in 3 installments, accepting the agreement, and
// sees the schedule on the confirmation and on the booking's page; a booking
// without the agreement is refused, by the page and by the server.
import type { Page } from '@playwright/test';
import { acceptRentalAgreement, freeNights, panelHomes, type Home } from './console-helpers';
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir } from './server-config';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatCents = (cents: number) => usd.format(cents / 100);

/** The link to the booking's page that its confirmation e-mail carries. */
async function tripLinkFor(code: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const message = (await outboxMessages()).find((text) => text.includes(code));
        link = new RegExp(`https?://[^\\s"<>]+/trips/${code}\\?token=[\\w.-]+`).exec(message ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a link to ${code}'s page in ${outboxDir}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/** From the home's page with the stay's dates to step 2, contact filled in. */
async function reserveToStep2(page: Page, home: Home, stay: { checkIn: string; checkOut: string }, email: string) {
  const query = new URLSearchParams({ checkin: stay.checkIn, checkout: stay.checkOut, adults: '2' });
  await page.goto(`/property/${home.slug}?${query.toString()}`);
  const reserve = page
    .getByRole('complementary', { name: 'Price and booking' })
    .getByRole('button', { name: 'Reserve' });
  await expect(reserve).toBeEnabled({ timeout: 15_000 });
  await reserve.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeVisible();
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Okonkwo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+1 970 555 0163');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customize your stay' })).toBeFocused();
}

test('a guest books a stay 4 months out in 3 installments, accepting the rental agreement, and sees the schedule on the confirmation and the booking page @a11y', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  // Each width books its own home, so the two projects never compete for nights.
  const mobile = test.info().project.name === 'mobile';
  const home = (await panelHomes(request))[mobile ? 16 : 15]!;
  const stay = await freeNights(request, home, 120, 3);
  const email = `installments.${test.info().project.name}@example.com`;
  const quote = (await (
    await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
    })
  ).json()) as { total: number };
  const totalCents = Math.round(quote.total * 100);
  // The server's rule: three parts, the odd cents on the first.
  const laterCents = Math.floor(totalCents / 3);
  const firstCents = totalCents - 2 * laterCents;

  await reserveToStep2(page, home, stay, email);
  await axe();
  // The agreement and the payment choice by keyboard.
  const accept = page.getByRole('checkbox', { name: 'I accept the rental agreement' });
  await expect(page.getByRole('link', { name: 'rental agreement' })).toHaveAttribute('target', '_blank');
  await accept.focus();
  await page.keyboard.press('Space');
  await expect(accept).toBeChecked();
  await acceptRentalAgreement(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeFocused();
  await expect(page.getByRole('button', { name: `Pay ${formatCents(totalCents)}` })).toBeVisible();
  const plans = page.getByRole('group', { name: 'How would you like to pay?' });
  const full = plans.getByRole('radio', { name: 'Pay in full' });
  await expect(full).toBeChecked();
  await full.focus();
  await page.keyboard.press('ArrowDown');
  await expect(plans.getByRole('radio', { name: 'Pay in 3 installments' })).toBeChecked();

  const pay = page.getByRole('button', { name: `Pay ${formatCents(firstCents)}` });
  await expect(pay).toBeVisible();
  const schedule = page.getByRole('table', { name: 'Payment schedule' });
  await expect(schedule.getByRole('row')).toHaveCount(5);
  await expect(schedule.getByRole('row').nth(1)).toContainText(`${formatCents(firstCents)}Charged today`);
  await expect(schedule.getByRole('row').nth(3)).toContainText(formatCents(laterCents));
  await expect(schedule.getByRole('row').last()).toContainText(formatCents(totalCents));
  await axe();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('First of 3 payments made')).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(formatCents(totalCents));
  const confirmed = page.getByRole('table', { name: 'Payment schedule' });
  await expect(confirmed.getByRole('row').nth(1)).toContainText(`${formatCents(firstCents)}Paid`);
  await expect(confirmed.getByRole('row').nth(2)).toContainText(`${formatCents(laterCents)}Charged automatically`);
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(code).toMatch(/^SAS-[A-Z0-9]{6}$/);
  await axe();

  // The booking's page, from the link in the confirmation e-mail.
  const link = new URL(await tripLinkFor(code));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${code}` })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Payments', exact: true });
  const items = payments.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(`Payment 1 of 3 · due `);
  await expect(items.nth(0)).toContainText(`${formatCents(firstCents)} · Paid on `);
  await expect(items.nth(1)).toContainText(`${formatCents(laterCents)} · Scheduled`);
  await expect(items.nth(2)).toContainText(`${formatCents(laterCents)} · Scheduled`);
  await expect(page.getByRole('region', { name: 'Rental agreement' })).toContainText(
    /You accepted the rental agreement \(version \d{4}-\d{2}-\d{2}\) on /,
  );
  await axe();
});

test.describe('a booking without the rental agreement', () => {
  test('is refused: the page does not go on to payment, and the server answers 422', async ({ page, request, axe }) => {
    const home = (await panelHomes(request))[17]!;
    const stay = await freeNights(request, home, 150, 3);
    const intents: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/stripe/create-payment-intent') intents.push(r.url());
    });

    await reserveToStep2(page, home, stay, 'no.agreement@example.com');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const accept = page.getByRole('checkbox', { name: 'I accept the rental agreement' });
    await expect(accept).toBeFocused();
    await expect(accept).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please accept the rental agreement to continue.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Customize your stay' })).toBeVisible();
    await axe();
    expect(intents).toEqual([]);

    const quote = (await (
      await request.post(`/api/properties/${home.id}/quote`, {
        data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
      })
    ).json()) as { total: number };
    const order = {
      propertyId: home.id,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: { adults: 2, children: 0, infants: 0, pets: 0 },
      addOns: [],
      amount: Math.round(quote.total * 100),
      confirmationCode: `TMP-${Date.now()}`,
      contact: {
        firstName: 'Ines',
        lastName: 'Okonkwo',
        email: 'no.agreement@example.com',
        phoneNumber: '+1 970 555 0163',
      },
    };
    for (const data of [order, { ...order, agreement: { accepted: false } }]) {
      const refused = await request.post('/api/stripe/create-payment-intent', { data });
      expect(refused.status()).toBe(422);
      expect(await refused.json()).toMatchObject({ message: 'Please accept the rental agreement to continue.' });
    }
    // Nothing was held: the nights are still for sale.
    const again = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
    });
    expect(again.ok()).toBe(true);
  });
});
