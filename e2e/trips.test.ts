// Guest self-service (issue 16): a guest finds their booking with its code
// and e-mail, opens the e-mailed link, reads the refund timeline and cancels;
// the refund e-mail names the amount and the nights are bookable again.
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir } from './server-config';
import { bookAsGuest, freeNights, panelHomes } from './console-helpers';

/** The link of the look-up e-mail for the booking `code` (not the confirmation's, which carries one too). */
async function tripLinkFor(code: string, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const message = (await outboxMessages()).find(
          (text) => text.includes(email) && text.includes(`Subject: Your Summit & Shore booking ${code}`),
        );
        link = new RegExp(`https?://[^\\s"<>]+/trips/${code}\\?token=[\\w.-]+`).exec(message ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a trip link for ${code} in ${outboxDir}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

test('a guest finds their booking by code and e-mail, opens the link and cancels it for a full refund', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const home = (await panelHomes(request))[13]!;
  const stay = await freeNights(request, home, 200, 3);
  const email = `trip.guest.${test.info().project.name}@example.com`;
  const code = await bookAsGuest(page, home, stay, { firstName: 'Rosa', lastName: 'Marin', email });

  await page.goto('/trips');
  await page.getByLabel('Booking code').fill(code.toLowerCase());
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByRole('status')).toHaveText('If a booking matches, we have e-mailed a link.');
  await axe();

  const url = new URL(await tripLinkFor(code, email));
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${code}` })).toBeVisible();
  // The token leaves the address bar; the page keeps it for this session.
  await expect(page).toHaveURL(new RegExp(`/trips/${code}$`));
  await expect(page.getByText(/^Full refund until /)).toBeVisible();
  await axe();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${code}` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel this booking' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('100%');
  await axe();
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText(/Cancelled · \$[\d,]+\.\d\d refunded/)).toBeVisible();

  await expect
    .poll(
      async () =>
        (await outboxMessages()).some(
          (text) => text.includes(email) && text.includes(`booking ${code} has been cancelled`),
        ),
      {
        message: 'the cancellation e-mail',
        timeout: 20_000,
      },
    )
    .toBe(true);
  const quote = await request.post(`/api/properties/${home.id}/quote`, {
    data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
  });
  expect(quote.ok()).toBe(true);
});

test.describe('concierge services after booking', () => {
  // The second chef for the same evening is refused on purpose (422).
  test.use({ allowedConsoleErrors: [/status of 422|-> 422 A private chef is already booked/] });

  test('a guest adds a private chef for the second evening, pays, then cancels 40 days before check-in for 50% back', async ({
    page,
    request,
    axe,
  }) => {
    test.setTimeout(120_000);
    const home = (await panelHomes(request))[14]!;
    const stay = await freeNights(request, home, 45, 3);
    const email = `chef.guest.${test.info().project.name}@example.com`;
    const code = await bookAsGuest(page, home, stay, { firstName: 'Noor', lastName: 'Haddad', email });
    await page.goto('/trips');
    await page.getByLabel('Booking code').fill(code);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    const url = new URL(await tripLinkFor(code, email));
    await page.goto(url.pathname + url.search);

    const concierge = page.getByRole('region', { name: 'Concierge services' });
    await expect(concierge.getByText('No concierge services booked yet.')).toBeVisible();
    await concierge.getByLabel('Service', { exact: true }).selectOption({ label: 'Private Chef ($200.00)' });
    const days = await concierge.getByLabel('Day', { exact: true }).locator('option').allTextContents();
    await concierge.getByLabel('Day', { exact: true }).selectOption({ index: 1 });
    await concierge.getByLabel(/^Time/).fill('19:00');
    await axe();
    await concierge.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(concierge.getByText(/Private Chef on .* at 19:00: \$200\.00/)).toBeVisible();
    await concierge.getByLabel('Card number').fill('4242 4242 4242 4242');
    await concierge.getByLabel(/Expiry/).fill('12/34');
    await concierge.getByLabel('CVC').fill('123');
    await concierge.getByRole('button', { name: 'Pay $200.00' }).click();
    await expect(concierge.getByRole('status')).toContainText(`Private Chef booked for ${days[1]} at 19:00`);
    await expect(concierge.getByRole('listitem').filter({ hasText: 'Private Chef' })).toContainText('Booked');
    await axe();

    // The same evening again is refused by the server, in words.
    await concierge.getByLabel('Service', { exact: true }).selectOption({ label: 'Private Chef ($200.00)' });
    await concierge.getByLabel('Day', { exact: true }).selectOption({ index: 1 });
    await concierge.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(concierge.getByRole('alert')).toHaveText(
      'A private chef is already booked for that evening. Choose another evening.',
    );
    await expect
      .poll(
        async () =>
          (await outboxMessages()).some(
            (text) => text.includes(email) && text.includes(`Private Chef booked for ${code}`),
          ),
        { message: 'the service e-mail', timeout: 20_000 },
      )
      .toBe(true);

    // Days pass (the test server's clock, for this page's requests only): 40 days before check-in.
    const daysUntil = Math.round(
      (Date.parse(stay.checkIn) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000,
    );
    await page.setExtraHTTPHeaders({ 'x-test-clock-days': String(daysUntil - 40) });
    await page.reload();
    await page.getByRole('button', { name: 'Cancel this booking' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('50%');
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    const refunded = page.getByText(/^Status: Cancelled · \$[\d,]+\.\d\d refunded/);
    await expect(refunded).toBeVisible();
    const amount = /\$([\d,]+\.\d\d)/.exec((await refunded.textContent()) ?? '')?.[1] ?? '';
    // The private chef, which will not happen now, is refunded in full beside the stay's 50%.
    await expect(concierge.getByRole('listitem').filter({ hasText: 'Private Chef' })).toContainText('$200.00 refunded');

    await expect
      .poll(
        async () =>
          (await outboxMessages()).some(
            (text) =>
              text.includes(email) &&
              text.includes(`booking ${code} has been cancelled`) &&
              text.includes(`$${amount}`),
          ),
        { message: `the cancellation e-mail with $${amount}`, timeout: 20_000 },
      )
      .toBe(true);
    const quote = await request.post(`/api/properties/${home.id}/quote`, {
      data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
    });
    expect(quote.ok()).toBe(true);
  });
});
