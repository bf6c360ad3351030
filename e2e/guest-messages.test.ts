// Guest messages in the console (issue 28) as staff meet them: the arrival
// details template edited with variables, previewed against a real booking
// with the home's door code, test-sent to the staff member (it reaches the
// outbox) and saved; then the booking's page forecasts each message with when
// it goes or why not, and after the jobs run as if the day before check-in
// (POST /api/test/jobs/run, TEST_CLOCK) its history shows what went and that
// it was delivered. State is made through the API (ADR 033); the template
// and the door code are put back at the end.
//
// The jobs run for the whole server: the stay is two weeks out, after the
// review journey's moment (a stay two days out) and before anything the
// other journeys book (two months out and later, installments included).
import type { APIRequestContext, Page } from '@playwright/test';
import { accessToken, addAccount, addDays, bookThroughApi, panelHomes, signIn, type Home } from './console-helpers';
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';

interface Message {
  template: string;
  channel: 'email' | 'sms';
  dueAt: string;
  status: string;
  reason?: string;
  delivery?: string;
}

interface Template {
  subject: string;
  body: string;
  enabled: boolean;
  offsetDays: number;
  time: string;
}

/**
 * Two nights at a panel home starting 14 to 20 days from now (the last homes
 * first: the review journey takes the first with a rating). freeNights would
 * go on for months past a season's minimum stay; these dates must stay close.
 */
async function soonStay(
  request: APIRequestContext,
): Promise<{ home: Home; stay: { checkIn: string; checkOut: string } }> {
  const today = new Date().toISOString().slice(0, 10);
  for (const home of (await panelHomes(request)).reverse()) {
    for (let day = 14; day <= 20; day += 1) {
      const stay = { checkIn: addDays(today, day), checkOut: addDays(today, day + 2) };
      const quote = await request.post(`/api/properties/${home.id}/quote`, {
        data: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
      });
      if (quote.ok()) return { home, stay };
    }
  }
  throw new Error('No home takes two nights two weeks out');
}

/** 'Mar 3, 2027, 10:00 AM': how the console's table writes a time, in the browser's zone. */
function consoleTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (instant) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant)),
    iso,
  );
}

test('staff edit, preview, test-send and save a template, then see a booking forecast and its history', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const { home, stay } = await soonStay(request);
  const guestEmail = `messages.${Date.now()}@example.com`;
  const code = await bookThroughApi(request, home, stay, guestEmail);
  const homeName = home.public_name ?? home.name;

  const staff = `messages.staff.${Date.now()}@example.com`;
  await addAccount(staff, 'staff');
  await signIn(page, staff);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const doorCode = `E2E-${String(Date.now()).slice(-4)}`;
  const setDoor = await request.patch(`/api/admin/properties/${home.id}`, { headers, data: { doorCode } });
  expect(setDoor.status(), await setDoor.text()).toBe(200);
  const templateUrl = '/api/admin/message-templates/arrival_details';
  const original = (await (await request.get(templateUrl, { headers })).json()) as Template;

  try {
    // The template: new words with variables, previewed against this booking.
    await page.goto('/admin/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Guest messages' })).toBeVisible();
    await page.getByLabel('Template').selectOption({ label: 'Arrival details' });
    await expect(page.getByRole('heading', { level: 2, name: 'Arrival details' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Your keys to {{home}}, {{firstName}}');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Hi {{firstName}}, we expect you on {{checkIn}} from {{checkInTime}}.\n\n{{doorCode}}\n\n{{tripLink}}');
    await page.getByLabel('Booking code to preview with').fill(code);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByText(`Your keys to ${homeName}, Rowan`, { exact: true })).toBeVisible();
    const checkInDay = new Date(`${stay.checkIn}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const preview = page.locator('pre');
    await expect(preview).toContainText(`Hi Rowan, we expect you on ${checkInDay}`);
    await expect(preview).toContainText(`Door code: ${doorCode}`);
    await axe();

    // A test to the staff member, who finds it in the mail.
    await page.getByRole('button', { name: 'Send me a test' }).click();
    await expect(page.getByText(`A test is on its way to ${staff}.`)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await outboxMessages()).some((mail) => mail.includes(staff) && mail.includes(`Door code: ${doorCode}`)),
        { message: 'the test e-mail in the outbox', timeout: 20_000 },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    // The booking's forecast: each message with when it goes, or why not.
    const messages = (await (
      await request.get(`/api/admin/reservations/${code}/messages`, { headers })
    ).json()) as Message[];
    const arrival = messages.find((m) => m.template === 'arrival_details' && m.channel === 'email');
    expect(arrival?.dueAt.slice(0, 10)).toBe(addDays(stay.checkIn, -1));
    await page.goto(`/admin/reservations/${code}`);
    const table = page.getByRole('table', { name: 'Guest messages, sent and to come' });
    const row = (label: string) => table.getByRole('row').filter({ hasText: label }).filter({ hasText: 'E-mail' });
    await expect(row('Arrival details')).toContainText('Scheduled');
    await expect(row('Arrival details')).toContainText(await consoleTime(page, arrival?.dueAt ?? ''));
    await expect(row('Mid-stay check')).toContainText('Skipped');
    await expect(row('Mid-stay check')).toContainText('Only for stays of 3 nights or more');
    await expect(row('Thank you and review request')).toContainText('Scheduled');

    // The day before check-in, past 10:00 in every home's zone: the arrival details go (and the
    // pre-arrival message, caught up), in the saved words, to this guest only.
    const ran = await request.post('/api/test/jobs/run', {
      data: { at: `${addDays(stay.checkIn, -1)}T18:00:00.000Z` },
    });
    expect(ran.status()).toBe(200);
    const sent = (await outboxMessages()).find(
      (mail) => mail.includes(guestEmail) && mail.includes('Hi Rowan, we expect you on'),
    );
    expect(sent, 'the arrival details in the saved words').toContain(`Door code: ${doorCode}`);

    await page.reload();
    await expect(row('Arrival details')).toContainText(/Sent .*, delivered/);
    await expect(row('Pre-arrival')).toContainText(/Sent .*, delivered/);
    await expect(row('Thank you and review request')).toContainText('Scheduled');
  } finally {
    await request.put(templateUrl, {
      headers,
      data: {
        subject: original.subject,
        body: original.body,
        enabled: original.enabled,
        offsetDays: original.offsetDays,
        time: original.time,
      },
    });
    await request.patch(`/api/admin/properties/${home.id}`, { headers, data: { doorCode: null } });
  }
});
