// Channel sync (issue 15): a staff member connects one home's calendar to
// another's export feed in the console, syncs it, and guests can no longer
// buy the imported nights. The feed is this site's own export (its host is in
// ICAL_ALLOW_HOSTS for the journeys), read over HTTP like a channel's.
import { expect, test } from './fixtures';
import { accessToken, addAccount, freeNights, panelHomes, signIn } from './console-helpers';

test('a staff member imports another calendar into a home, and guests cannot buy its nights', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const email = `channels.staff.${test.info().project.name}@example.com`;
  await addAccount(email, 'staff');
  const homes = await panelHomes(request);
  const source = homes[11]!;
  const target = homes[12]!;
  const stay = await freeNights(request, target, 320, 3);

  await signIn(page, email);
  const token = await accessToken(page);
  const blocked = await request.post(`/api/admin/properties/${source.id}/blocks`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { checkIn: stay.checkIn, checkOut: stay.checkOut, reason: 'Sold on the other channel' },
  });
  expect(blocked.status()).toBe(201);

  await page.goto(`/admin/homes/${source.propertyId}`);
  const exportLink = await page.getByLabel('Vrbo export link').inputValue();
  expect(exportLink).toMatch(/\/calendar\.ics\?token=/);

  await page.goto(`/admin/homes/${target.propertyId}`);
  const addFeed = page.getByRole('form', { name: 'Add a feed' });
  await addFeed.getByLabel('Name').fill('Vrbo listing');
  await addFeed.getByLabel('Channel').selectOption({ label: 'Vrbo' });
  await addFeed.getByLabel('Feed URL').fill(exportLink);
  await addFeed.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByText(/^Added Vrbo listing\./)).toBeVisible();
  // The site's own worker syncs a new feed as soon as it is due, which may be
  // before, during or after this click: whichever, the answer counts the
  // feed's events as imported (a click during the worker's sync waits for it).
  await page.getByRole('button', { name: 'Sync now Vrbo listing' }).click();
  await expect(
    page.getByText(
      /^(Synced Vrbo listing: [1-9]\d* events?;|Vrbo listing has not changed since the last sync: [1-9]\d* events?,)/,
    ),
  ).toBeVisible({ timeout: 20_000 });
  await axe();

  const quote = await request.post(`/api/properties/${target.id}/quote`, {
    data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
  });
  expect(quote.status()).toBe(422);
});
