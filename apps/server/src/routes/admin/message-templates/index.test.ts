// Guest messages on a timeline (issue 28), on the server: bookings made
// through the API walked through time with POST /api/test/jobs/run, each
// message sent once at its hour on the home's clock (across a daylight-saving
// change), caught up or skipped after an outage, moved when the dates move,
// never sent after a cancellation; the forecast as the console reads it; the
// templates' API by role; the jobs endpoint only where it may exist.
import { bookings, emailOutbox, guestMessages, properties, returningGuestOffer } from '@sas/db';
import { addDays, bookingMessageListSchema, instantIn, todayIn, type BookingMessage, type IsoDate } from '@sas/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGuestMessages } from '../../../services/messages/index.js';
import { signTripToken } from '../../../services/trip-links.js';
import { bookAtQuote, createBookableHome } from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startSmtpServer } from '../../../test/smtp.js';

const zone = 'America/Denver';
let t: TestApp;
let home: { id: string };
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;

beforeAll(async () => {
  t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
  const other = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [other.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
});

afterAll(async () => {
  await t?.close();
});

const at = (date: IsoDate, time: string) => instantIn(zone, date, time);
const minutes = (instant: Date, n: number) => new Date(instant.getTime() + n * 60_000);

async function runJobs(instant: Date): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/test/jobs/run',
    payload: { at: instant.toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ran: string[] }>().ran;
}

/** The guest messages queued for a booking, by kind. */
async function sentKinds(bookingId: string): Promise<string[]> {
  const rows = await t.db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reference, `booking:${bookingId}`), like(emailOutbox.kind, 'guest_%')));
  return rows.map((row) => row.kind).sort();
}

async function messagesOf(code: string): Promise<BookingMessage[]> {
  const response = await injectAs(t.app, accounts.staff, {
    method: 'GET',
    url: `/api/admin/reservations/${code}/messages`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return bookingMessageListSchema.parse(response.json());
}

/** A 3-night stay starting `days` from today at the home (a weekday-neutral quote). */
async function book(checkIn: IsoDate, nights = 3) {
  return bookAtQuote(t.app, t.db, home, { checkIn, checkOut: addDays(checkIn, nights) });
}

/** The next spring-forward Sunday (second Sunday of March) at least 40 days away. */
function nextSpringForward(): IsoDate {
  const today = todayIn(zone);
  for (let year = Number(today.slice(0, 4)); ; year++) {
    let day = `${year}-03-08`;
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
    if (day > addDays(today, 40)) return day;
  }
}

describe('the message timeline', () => {
  it('sends each message of a stay 10 days out once, at its hour, with the forecast matching what went', async () => {
    const checkIn = addDays(todayIn(zone), 10);
    const checkOut = addDays(checkIn, 3);
    await t.db.update(properties).set({ doorCode: '4821#' }).where(eq(properties.id, home.id));
    const booking = await book(checkIn);
    const forecast = await messagesOf(booking.code);
    const due = Object.fromEntries(
      forecast
        .filter((m) => m.status === 'scheduled' && m.template !== 'booking_confirmation')
        .map((m) => [m.template, m.dueAt]),
    );
    expect(due).toEqual({
      pre_arrival: at(addDays(checkIn, -7), '10:00').toISOString(),
      arrival_details: at(addDays(checkIn, -1), '10:00').toISOString(),
      mid_stay: at(addDays(checkIn, 1), '10:00').toISOString(),
      checkout_reminder: at(addDays(checkOut, -1), '18:00').toISOString(),
      thank_you: at(addDays(checkOut, 1), '10:00').toISOString(),
      returning_guest: at(addDays(checkOut, 30), '10:00').toISOString(),
    });
    expect(forecast.find((m) => m.template === 'booking_confirmation')?.channel).toBe('email');

    const ran = await runJobs(minutes(new Date(due.pre_arrival ?? ''), -1));
    expect(ran).toEqual(
      expect.arrayContaining(['guest-messages', 'email-outbox', 'payment-scheduler', 'channel-sync', 'task-alerts']),
    );
    expect(await sentKinds(booking.id)).toEqual([]);
    // The offer is a promotion's switch (off by default): it is recorded as skipped, with why.
    for (const template of [
      'pre_arrival',
      'arrival_details',
      'mid_stay',
      'checkout_reminder',
      'thank_you',
      'returning_guest',
    ]) {
      const instant = new Date(due[template] ?? '');
      await runJobs(instant);
      await runJobs(minutes(instant, 60));
    }
    expect(await sentKinds(booking.id)).toEqual([
      'guest_arrival_details',
      'guest_checkout_reminder',
      'guest_mid_stay',
      'guest_pre_arrival',
      'guest_thank_you',
    ]);
    const after = await messagesOf(booking.code);
    for (const message of after.filter((m) => m.template !== 'booking_confirmation')) {
      if (message.template === 'returning_guest') {
        expect(message).toMatchObject({ status: 'skipped', reason: 'The returning-guest offer is turned off' });
        continue;
      }
      expect(message.status, message.template).toBe('sent');
      expect(message.sentAt).toBe(due[message.template]);
    }
    // The thank-you carries the signed review link; the arrival details the home's check-in time.
    const [thanks] = await t.db
      .select({ text: emailOutbox.text, to: emailOutbox.to })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${booking.id}`), eq(emailOutbox.kind, 'guest_thank_you')));
    expect(thanks?.to).toBe(booking.email);
    expect(thanks?.text).toMatch(/\/review\?token=[\w.-]+/);
    // The door code goes to this guest before the stay, and never after it.
    const texts = await t.db
      .select({ kind: emailOutbox.kind, text: emailOutbox.text, to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.reference, `booking:${booking.id}`));
    const arrival = texts.find((m) => m.kind === 'guest_arrival_details');
    expect(arrival?.to).toBe(booking.email);
    expect(arrival?.text).toContain('Door code: 4821#');
    for (const message of texts.filter((m) => ['guest_thank_you', 'booking_confirmation'].includes(m.kind))) {
      expect(message.text, message.kind).not.toContain('4821#');
    }
    await t.db.update(properties).set({ doorCode: null }).where(eq(properties.id, home.id));
  });

  it('keeps 10:00 home time on the day the clocks spring forward', async () => {
    const change = nextSpringForward();
    const booking = await book(addDays(change, 1), 2);
    const arrival = (await messagesOf(booking.code)).find((m) => m.template === 'arrival_details');
    // 10:00 MDT (UTC-6) on the day of the change, not 10:00 MST.
    expect(arrival?.dueAt).toBe(`${change}T16:00:00.000Z`);
    await runJobs(new Date(`${change}T15:59:00Z`));
    expect(await sentKinds(booking.id)).not.toContain('guest_arrival_details');
    await runJobs(new Date(`${change}T16:00:00Z`));
    expect(await sentKinds(booking.id)).toContain('guest_arrival_details');
  });

  it('catches up after an outage in the morning, and skips what is pointless after check-in', async () => {
    const first = await book(addDays(todayIn(zone), 20), 2);
    const second = await book(addDays(todayIn(zone), 30), 2);
    // Down from before the first's pre-arrival message until 08:00 on its check-in day: night, nothing goes.
    await runJobs(at(first.checkIn, '08:00'));
    expect(await sentKinds(first.id)).toEqual([]);
    // Back in the daytime before check-in (16:00): both late messages go.
    await runJobs(at(first.checkIn, '09:00'));
    expect(await sentKinds(first.id)).toEqual(['guest_arrival_details', 'guest_pre_arrival']);
    // The second's site comes back only after check-in: recorded as skipped, never sent.
    await runJobs(at(second.checkIn, '17:00'));
    expect(await sentKinds(second.id)).toEqual([]);
    const history = await messagesOf(second.code);
    for (const template of ['pre_arrival', 'arrival_details']) {
      expect(history.find((m) => m.template === template)).toMatchObject({
        status: 'skipped',
        reason: 'Its moment had passed before it could be sent',
      });
    }
  });

  it('moves the schedule when the dates change', async () => {
    const booking = await book(addDays(todayIn(zone), 40), 2);
    const newCheckIn = addDays(booking.checkIn, 5);
    await t.db
      .update(bookings)
      .set({ checkIn: newCheckIn, checkOut: addDays(newCheckIn, 2) })
      .where(eq(bookings.id, booking.id));
    await runJobs(at(addDays(booking.checkIn, -1), '10:00'));
    expect(await sentKinds(booking.id)).toEqual(['guest_pre_arrival']);
    const history = await messagesOf(booking.code);
    const arrivals = history.filter((m) => m.template === 'arrival_details');
    expect(arrivals).toEqual([
      expect.objectContaining({ status: 'cancelled', reason: "The booking's dates changed" }),
      expect.objectContaining({ status: 'scheduled', dueAt: at(addDays(newCheckIn, -1), '10:00').toISOString() }),
    ]);
    await runJobs(at(addDays(newCheckIn, -1), '10:00'));
    expect(await sentKinds(booking.id)).toEqual(['guest_arrival_details', 'guest_pre_arrival']);
  });

  it('sends nothing after a cancellation', async () => {
    const booking = await book(addDays(todayIn(zone), 50), 2);
    const token = await signTripToken(t.env.JWT_SECRET, booking.code);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/cancel?token=${encodeURIComponent(token)}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runJobs(at(addDays(booking.checkOut, 1), '12:00'));
    expect(await sentKinds(booking.id)).toEqual([]);
    const history = (await messagesOf(booking.code)).filter((m) => m.template !== 'booking_confirmation');
    expect(history.length).toBeGreaterThan(0);
    for (const message of history)
      expect(message).toMatchObject({ status: 'cancelled', reason: 'The booking was cancelled' });
  });

  it('sends a message once when two workers run at the same moment', async () => {
    const booking = await book(addDays(todayIn(zone), 60), 2);
    const deps = { db: t.db, jwtSecret: t.env.JWT_SECRET, publicUrl: t.env.PUBLIC_URL };
    const instant = at(addDays(booking.checkIn, -1), '11:00');
    await Promise.all([runGuestMessages(deps, instant), runGuestMessages(deps, instant)]);
    expect(await sentKinds(booking.id)).toEqual(['guest_arrival_details', 'guest_pre_arrival']);
    const rows = await t.db.select().from(guestMessages).where(eq(guestMessages.bookingId, booking.id));
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
  });
});

describe('marketing e-mail', () => {
  it('the returning-guest offer carries its code and a one-click unsubscribe; an unsubscribed address gets no more offers', async () => {
    await t.db
      .insert(returningGuestOffer)
      .values({ enabled: true, percentBps: 1000, validDays: 90 })
      .onConflictDoUpdate({ target: returningGuestOffer.id, set: { enabled: true } });
    const first = await book(addDays(todayIn(zone), 90), 2);
    await runJobs(at(addDays(first.checkOut, 30), '10:00'));
    expect(await sentKinds(first.id)).toContain('guest_returning_guest');
    const [offer] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${first.id}`), eq(emailOutbox.kind, 'guest_returning_guest')));
    expect(offer?.text).toMatch(/WELCOME-[A-Z0-9]{8}/);
    expect(offer?.text).toContain('Unsubscribe');
    expect(offer?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(offer?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const path = new URL(link).pathname + new URL(link).search;
    expect(path).toMatch(/^\/api\/email\/unsubscribe\?token=/);
    // Transactional mail carries no unsubscribe.
    const [thanks] = await t.db
      .select({ headers: emailOutbox.headers })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${first.id}`), eq(emailOutbox.kind, 'guest_thank_you')));
    expect(thanks?.headers).toBeNull();

    const bad = await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe?token=nope.nope' });
    expect(bad.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);

    const second = await book(addDays(todayIn(zone), 100), 2);
    await runJobs(at(addDays(second.checkOut, 30), '10:00'));
    expect(await sentKinds(second.id)).toContain('guest_thank_you');
    expect(await sentKinds(second.id)).not.toContain('guest_returning_guest');
    expect((await messagesOf(second.code)).find((m) => m.template === 'returning_guest')).toMatchObject({
      status: 'skipped',
      reason: 'The guest unsubscribed from marketing e-mail',
    });
    await t.db.update(returningGuestOffer).set({ enabled: false });
  });
});

describe('the templates', () => {
  it('are staff and admin only', async () => {
    const url = '/api/admin/message-templates/arrival_details';
    expect((await injectAs(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    for (const account of [accounts.guest, cleaner, accounts.owner, accounts.otherOwner]) {
      expect((await injectAs(t.app, account, { method: 'GET', url })).statusCode, account.role).toBe(403);
      const put = await injectAs(t.app, account, { method: 'PUT', url, payload: { enabled: false } });
      expect(put.statusCode).toBe(403);
    }
    for (const account of [accounts.staff, accounts.admin]) {
      const response = await injectAs(t.app, account, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'arrival_details', offsetDays: -1, time: '10:00', enabled: true });
    }
  });

  it('the forecast is staff and admin only, and 404 for an unknown booking', async () => {
    const booking = await book(addDays(todayIn(zone), 70), 2);
    const url = `/api/admin/reservations/${booking.code}/messages`;
    expect((await injectAs(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    for (const account of [accounts.guest, cleaner, accounts.owner, accounts.otherOwner]) {
      expect((await injectAs(t.app, account, { method: 'GET', url })).statusCode).toBe(403);
    }
    expect((await injectAs(t.app, accounts.admin, { method: 'GET', url })).statusCode).toBe(200);
    const missing = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: '/api/admin/reservations/SAS-NOPE00/messages',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('saves a change (audited), refuses bad input, previews against a booking and test-sends to the staff member', async () => {
    const url = '/api/admin/message-templates/checkout_reminder';
    const bad = [
      { offsetDays: 1.5 },
      { time: '25:00' },
      { subject: '' },
      { body: 'Hi {{frstName}}' },
      { colour: 'red' },
    ];
    for (const payload of bad) {
      const response = await injectAs(t.app, accounts.staff, { method: 'PUT', url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const unknown = await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: '/api/admin/message-templates/nope',
      payload: { enabled: false },
    });
    expect(unknown.statusCode).toBe(404);
    const saved = await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url,
      payload: { subject: 'See you at {{checkOutTime}}, {{firstName}}', time: '17:00' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ time: '17:00', customized: true, offsetDays: -1 });

    const booking = await book(addDays(todayIn(zone), 80), 2);
    const reminder = (await messagesOf(booking.code)).find((m) => m.template === 'checkout_reminder');
    expect(reminder?.dueAt).toBe(at(addDays(booking.checkOut, -1), '17:00').toISOString());

    const preview = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `${url}/preview`,
      payload: { bookingCode: booking.code, body: 'Bye {{firstName}} from {{home}}' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ subject: `See you at 10:00 AM, ${booking.firstName}` });
    expect(preview.json<{ text: string }>().text).toContain(`Bye ${booking.firstName} from Bluebird Lodge`);

    const sent = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `${url}/test-send`,
      payload: { bookingCode: booking.code },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [copy] = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, accounts.staff.email), eq(emailOutbox.kind, 'guest_message_test')));
    expect(copy?.subject).toBe(`[Test] See you at 10:00 AM, ${booking.firstName}`);
    // Put the default time back for the other tests of this file.
    await injectAs(t.app, accounts.staff, { method: 'PUT', url, payload: { time: '18:00' } });
  });
});

describe('what became of each e-mail', () => {
  // Last in this file: its jobs run months ahead and must not send another test's messages early.
  it("the history says what the guest's mail server answered: delivered, or bounced with its words", async () => {
    const smtp = await startSmtpServer(0, {
      refuse: (address) => (address === 'gone@example.com' ? [550, '5.1.1 <gone@example.com>: User unknown'] : null),
    });
    try {
      const { app } = await t.buildAnotherApp({ SMTP_URL: smtp.url, TEST_CLOCK: 'true' });
      const kept = await book(addDays(todayIn(zone), 120), 2);
      const gone = await book(addDays(todayIn(zone), 124), 2);
      await t.db.update(bookings).set({ email: 'gone@example.com' }).where(eq(bookings.id, gone.id));
      // Both pre-arrival messages go on this run (the first one caught up), through the SMTP server.
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/jobs/run',
        payload: { at: at(addDays(gone.checkIn, -7), '10:00').toISOString() },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(smtp.messages.filter((m) => m.subject?.startsWith('One week until')).length).toBe(1);

      const delivered = (await messagesOf(kept.code)).find((m) => m.template === 'pre_arrival');
      expect(delivered).toMatchObject({ status: 'sent', delivery: 'delivered' });
      expect(delivered?.deliveryDetail).toMatch(/^250 /);
      const confirmation = (await messagesOf(kept.code)).find((m) => m.template === 'booking_confirmation');
      expect(confirmation).toMatchObject({ status: 'sent', delivery: 'delivered' });

      const bounced = (await messagesOf(gone.code)).find((m) => m.template === 'pre_arrival');
      expect(bounced).toMatchObject({
        status: 'failed',
        reason: 'Bounced: 550 5.1.1 <gone@example.com>: User unknown',
        delivery: 'bounced',
        deliveryDetail: '550 5.1.1 <gone@example.com>: User unknown',
      });
    } finally {
      await smtp.close();
    }
  });
});

describe('POST /api/test/jobs/run', () => {
  it('is absent without TEST_CLOCK, and answers loopback callers only', async () => {
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/test/jobs/run',
      payload: { at: new Date().toISOString() },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/test/jobs/run', payload: { at: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    const { app } = await t.buildAnotherApp({ TEST_CLOCK: undefined });
    const absent = await app.inject({
      method: 'POST',
      url: '/api/test/jobs/run',
      payload: { at: new Date().toISOString() },
    });
    expect(absent.statusCode).toBe(404);
  });
});
