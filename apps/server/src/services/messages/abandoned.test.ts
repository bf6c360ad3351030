// The abandoned-checkout reminder (issue 28), on the server: a guest who
// ticked the marketing box and opened the checkout (where their e-mail first
// reaches the server) and did not book within the hour gets one reminder,
// with the one-click unsubscribe headers and link; nothing without the box,
// nothing if they booked since, never twice, nothing once unsubscribed.
// Times are the database's (the intent's created_at), so the jobs run at
// real now plus an offset.
import { emailOutbox, emailUnsubscribes } from '@sas/db';
import { addDays, todayIn, type BookingContact, type IsoDate } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookStay, createBookableHome, createIntent, guest, intentRequest } from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { abandonedCheckoutKind } from './abandoned.js';

let t: TestApp;
let home: { id: string };
let day = 20;

beforeAll(async () => {
  t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
});

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000);

async function runJobs(at: Date): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url: '/api/test/jobs/run', payload: { at: at.toISOString() } });
  expect(response.statusCode, response.body).toBe(200);
}

/** A checkout opened (the payment intent, with the contact) for a stay of its own. */
async function openCheckout(contact: Partial<BookingContact>) {
  day += 7;
  const checkIn: IsoDate = addDays(todayIn('America/Denver'), day);
  const stay = { checkIn, checkOut: addDays(checkIn, 3) };
  const quote = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${home.id}/quote`,
    payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2, children: 1 } },
  });
  const amount = Math.round(quote.json<{ total: number }>().total * 100);
  const request = intentRequest(home, stay, { amount, contact: { ...guest, ...contact } });
  return { request, intent: await createIntent(t.app, request) };
}

async function remindersTo(email: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, abandonedCheckoutKind), eq(emailOutbox.to, email)));
}

describe('the abandoned-checkout reminder', () => {
  it('goes once, an hour after, with one-click unsubscribe that works', async () => {
    const email = 'maybe-later@example.com';
    await openCheckout({ email, marketingEmail: true });
    await runJobs(inMinutes(30));
    expect(await remindersTo(email)).toEqual([]);
    await runJobs(inMinutes(61));
    await runJobs(inMinutes(120));
    // A second abandoned checkout of the same address: still never twice.
    await openCheckout({ email, marketingEmail: true });
    await runJobs(inMinutes(180));
    const sent = await remindersTo(email);
    expect(sent).toHaveLength(1);
    const [reminder] = sent;
    expect(reminder?.subject).toMatch(/^Still thinking about /);
    expect(reminder?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const url = /^<(.+)>$/.exec(reminder?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(url).toContain('/api/email/unsubscribe?token=');
    expect(reminder?.text).toContain(url);
    // The RFC 8058 one-click POST, as a mail provider sends it.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.slice(url.indexOf('/api/')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBeLessThan(300);
    expect(await t.db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, email))).toHaveLength(1);
  });

  it('goes to nobody who left the box unticked, booked since, or unsubscribed', async () => {
    await openCheckout({ email: 'no-box@example.com' });
    const booked = await openCheckout({ email: 'booked@example.com', marketingEmail: true });
    // The guest comes back and books (another checkout of the same stay).
    await bookStay(t.app, t.db, booked.request);
    // Another guest books a different stay, under another checkout, with the address they gave.
    await openCheckout({ email: guest.email, marketingEmail: true });
    const other = await openCheckout({});
    await bookStay(t.app, t.db, other.request);
    await t.db.insert(emailUnsubscribes).values({ email: 'gone@example.com' });
    await openCheckout({ email: 'gone@example.com', marketingEmail: true });
    await runJobs(inMinutes(90));
    for (const email of ['no-box@example.com', 'booked@example.com', guest.email, 'gone@example.com']) {
      expect(await remindersTo(email), email).toEqual([]);
    }
  });
});
