// Guest self-service (issue 16): a guest finds their booking with its code
// and e-mail, opens the e-mailed link, reads the refund timeline and cancels;
// the refund e-mail names the amount and the nights are bookable again.
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir } from './server-config';
import { bookAsGuest, freeNights, panelHomes } from './console-helpers';

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

  let link = '';
  await expect
    .poll(
      async () => {
        // The look-up's own e-mail, not the confirmation (which carries a link too).
        const message = (await outboxMessages()).find(
          (text) => text.includes(email) && text.includes(`Subject: Your Summit & Shore booking ${code}`),
        );
        link = new RegExp(`https?://[^\\s"<>]+/trips/${code}\\?token=[\\w.-]+`).exec(message ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a trip link for ${code} in ${outboxDir}`, timeout: 20_000 },
    )
    .not.toBe('');

  const url = new URL(link);
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
