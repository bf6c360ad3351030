import { bookings, emailOutbox, paymentRefunds } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { addDays, todayIn, tripLookupMessage, type TripDetail, type TripSummary } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signTripToken } from '../../services/trip-links.js';
import {
  bookStay,
  createBookableHome,
  intentRequest,
  nextStay,
  postIntent,
  weekdayTotalCents,
} from '../../test/booking.js';
import { createAccount, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let ada: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' }, { seed: false });
  home = await createBookableHome(t.db);
  ada = await createAccount(t.app, t.db, 'guest');
  bob = await createAccount(t.app, t.db, 'guest');
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Stay = { checkIn: string; checkOut: string };

/** A paid, confirmed booking made by `account` (signed in) or anonymously, with the test guest's e-mail. */
async function book(account: TestAccount | null, stay: Stay = nextStay(3), onHome: { id: string } = home) {
  return bookStay(t.app, t.db, intentRequest(onHome, stay), account?.headers);
}

function getTrip(code: string, { token, headers = {} }: { token?: string; headers?: Record<string, string> } = {}) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return t.app.inject({ method: 'GET', url: `/api/trips/${code}${query}`, headers });
}

function lookup(app: TestApp['app'], body: unknown) {
  return app.inject({ method: 'POST', url: '/api/trips/lookup', payload: body as Record<string, unknown> });
}

async function tripLinkEmails(bookingId: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'trip_link'), eq(emailOutbox.reference, `booking:${bookingId}`)));
}

function tokenOf(text: string): string {
  const match = /\/trips\/(SAS-\w+)\?token=([\w.-]+)/.exec(text);
  if (!match?.[2]) throw new Error(`no trip link in: ${text}`);
  return decodeURIComponent(match[2]);
}

describe('POST /api/trips/lookup', () => {
  it('answers 202 with the same message whether or not the code and e-mail match, and e-mails only a match', async () => {
    const booking = await book(null);
    const misses = [
      { code: booking.code, email: 'someone-else@example.com' },
      { code: 'SAS-ZZZZZZ', email: booking.email },
      { code: 'SAS-ZZZZZZ', email: 'nobody@example.com' },
    ];
    for (const body of misses) {
      const response = await lookup(t.app, body);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: tripLookupMessage });
    }
    // Code and e-mail in another case, with spaces: still the booking.
    const hit = await lookup(t.app, { code: ` ${booking.code.toLowerCase()} `, email: booking.email!.toUpperCase() });
    expect(hit.statusCode).toBe(202);
    expect(hit.json()).toEqual({ message: tripLookupMessage });
    await vi.waitFor(async () => expect(await tripLinkEmails(booking.id)).toHaveLength(1));
    const [email] = await tripLinkEmails(booking.id);
    expect(email?.to).toBe(booking.email);
    expect(email?.text).toContain(`${t.env.PUBLIC_URL}/trips/${booking.code}?token=`);
    // The link opens the booking.
    const opened = await getTrip(booking.code, { token: tokenOf(email!.text) });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<TripDetail>().code).toBe(booking.code);
  });

  it('rejects a malformed code or e-mail with 400', async () => {
    expect((await lookup(t.app, { code: 'nope', email: 'ada@example.com' })).statusCode).toBe(400);
    expect((await lookup(t.app, { code: 'SAS-ZZZZZZ', email: 'not an e-mail' })).statusCode).toBe(400);
    expect((await lookup(t.app, {})).statusCode).toBe(400);
  });

  it('is rate limited per booking code and per address', async () => {
    const perCode = await t.buildAnotherApp({ AUTH_RATE_LIMIT_PER_IP: '100', AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    const body = { code: 'SAS-ABCDEF', email: 'x@example.com' };
    expect((await lookup(perCode.app, body)).statusCode).toBe(202);
    expect((await lookup(perCode.app, { ...body, email: 'y@example.com' })).statusCode).toBe(202);
    const limited = await lookup(perCode.app, { ...body, code: 'sas-abcdef' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another code from the same address is still answered.
    expect((await lookup(perCode.app, { ...body, code: 'SAS-ABCDEG' })).statusCode).toBe(202);

    const perIp = await t.buildAnotherApp({ AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' });
    const statuses = [];
    for (const code of ['SAS-AAAAAA', 'SAS-BBBBBB', 'SAS-CCCCCC']) {
      statuses.push((await lookup(perIp.app, { code, email: 'x@example.com' })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });
});

describe('GET /api/trips/{code}', () => {
  it('opens for the signed-in owner and the link of that booking only; everyone else gets the unknown code answer', async () => {
    const mine = await book(ada);
    const other = await book(null);
    const unknown = await getTrip('SAS-ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    const notFound = unknown.json<unknown>();

    const owner = await getTrip(mine.code.toLowerCase(), { headers: ada.headers });
    expect(owner.statusCode).toBe(200);

    const link = await signTripToken(t.env.JWT_SECRET, mine.code);
    expect((await getTrip(mine.code, { token: link })).statusCode).toBe(200);
    expect((await getTrip(mine.code, { headers: { authorization: `Bearer ${link}` } })).statusCode).toBe(200);

    const denied = [
      await getTrip(mine.code),
      await getTrip(mine.code, { headers: bob.headers }),
      await getTrip(mine.code, { token: await signTripToken(t.env.JWT_SECRET, other.code) }),
      await getTrip(mine.code, {
        token: await signTripToken(t.env.JWT_SECRET, mine.code, new Date(Date.now() - 1000)),
      }),
      await getTrip(mine.code, { token: await signTripToken('another-secret-of-at-least-32-chars!!', mine.code) }),
      await getTrip(mine.code, { token: 'garbage' }),
      // An access token is not a link, and a link is not a sign-in.
      await getTrip(mine.code, { token: ada.token }),
      await getTrip(other.code, { headers: ada.headers }),
    ];
    for (const response of denied) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const listWithLink = await t.app.inject({
      method: 'GET',
      url: '/api/trips',
      headers: { authorization: `Bearer ${link}` },
    });
    expect(listWithLink.statusCode).toBe(401);
  });

  it("shows the booking's page with the policy's refund now and its timeline in the home's time zone", async () => {
    const booking = await book(ada);
    const response = await getTrip(booking.code, { headers: ada.headers });
    const trip = response.json<TripDetail>();
    const paid = weekdayTotalCents(3) / 100;
    expect(trip).toMatchObject({
      code: booking.code,
      status: 'confirmed',
      property: { name: 'Bluebird Lodge', slug: home.slug, address: null },
      checkIn: booking.checkIn,
      nights: 3,
      party: { adults: 2, children: 1, infants: 0, pets: 0 },
      totalAmount: paid,
      payments: [{ amount: paid, status: 'succeeded' }],
      refunds: [],
      // Just booked: everything back.
      cancellation: { refundPercent: 100, refundAmount: paid },
      cancelled: null,
      timeZone: home.timeZone,
    });
    expect(trip.priceLines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(paid, 2);
    expect(Date.parse(trip.cancellation!.fullRefundUntil) - booking.createdAt.getTime()).toBe(48 * 3_600_000);
    // The 50% tier ends at the end of the 30th day before check-in, in the home's zone.
    const halfEnd = new Date(trip.cancellation!.halfRefundUntil!);
    expect(todayIn(home.timeZone, halfEnd)).toBe(addDays(booking.checkIn, -30));
    expect(todayIn(home.timeZone, new Date(halfEnd.getTime() + 1))).toBe(addDays(booking.checkIn, -29));
  });
});

describe('the confirmation e-mail', () => {
  it('carries a link that opens the booking it confirms', async () => {
    const booking = await book(null);
    const [confirmation] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'booking_confirmation'), eq(emailOutbox.reference, `booking:${booking.id}`)));
    expect(confirmation?.html).toContain('Manage your trip');
    const opened = await getTrip(booking.code, { token: tokenOf(confirmation!.text) });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<TripDetail>().code).toBe(booking.code);
  });
});

describe('GET /api/trips', () => {
  it("lists the signed-in guest's own bookings only, upcoming first; 401 anonymous", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(401);
    // nextStay hands out later dates each time: `sooner` starts before `later`.
    const sooner = await book(bob, nextStay(2));
    const later = await book(bob, nextStay(2));
    await book(ada);
    // A stay already over (moved into the past by hand) comes after the upcoming ones.
    const past = await book(bob, nextStay(2));
    await t.db.update(bookings).set({ checkIn: '2020-01-06', checkOut: '2020-01-08' }).where(eq(bookings.id, past.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/trips', headers: bob.headers });
    expect(response.statusCode).toBe(200);
    const trips = response.json<TripSummary[]>();
    expect(trips.map((trip) => trip.code)).toEqual([sooner.code, later.code, past.code]);
    expect(trips[0]).toMatchObject({ status: 'confirmed', propertySlug: home.slug, nights: 2, guests: 3 });
  });
});

describe('POST /api/trips/{code}/cancel', () => {
  /** A Monday about 40 days ahead, on a home of its own so no other test holds its nights. */
  async function stayFortyDaysOut() {
    const ownHome = await createBookableHome(t.db);
    let monday = addDays(todayIn(ownHome.timeZone), 40);
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    return { ownHome, stay: { checkIn: monday, checkOut: addDays(monday, 3) } };
  }

  it('refunds 50% 40 days before check-in once under concurrent calls, answers repeats the same and frees the nights', async () => {
    const { ownHome, stay } = await stayFortyDaysOut();
    const booking = await book(ada, stay, ownHome);
    // Booked three days ago: past the 48 hours of a full refund.
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(eq(bookings.id, booking.id));
    const paid = weekdayTotalCents(3);
    const page = (await getTrip(booking.code, { headers: ada.headers })).json<TripDetail>();
    expect(page.cancellation).toMatchObject({ refundPercent: 50, refundAmount: Math.floor(paid / 2) / 100 });

    // Another guest cannot cancel it.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/cancel`,
      headers: bob.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const refund = vi.spyOn(t.app.payments, 'refund');
    const link = await signTripToken(t.env.JWT_SECRET, booking.code);
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/trips/${booking.code}/cancel`, headers: ada.headers }),
      t.app.inject({ method: 'POST', url: `/api/trips/${booking.code}/cancel?token=${link}` }),
      t.app.inject({ method: 'POST', url: `/api/trips/${booking.code}/cancel`, headers: ada.headers }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'cancelled', refundAmount: Math.floor(paid / 2) / 100 });
    }
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/cancel`,
      headers: ada.headers,
    });
    expect(again.json()).toEqual({ status: 'cancelled', refundAmount: Math.floor(paid / 2) / 100 });
    expect(refund).toHaveBeenCalledTimes(1);
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, booking.paymentIntentId));
    expect(refunds.map((r) => r.amountCents)).toEqual([Math.floor(paid / 2)]);

    const after = (await getTrip(booking.code, { headers: ada.headers })).json<TripDetail>();
    expect(after).toMatchObject({
      status: 'cancelled',
      cancellation: null,
      cancelled: { refundAmount: Math.floor(paid / 2) / 100 },
      refunds: [{ amount: Math.floor(paid / 2) / 100 }],
    });
    // The nights can be bought again.
    const rebook = await postIntent(t.app, intentRequest(ownHome, stay));
    expect(rebook.status).toBe(200);
  });
});
