// Verified reviews (issue 28) on the server: the review link of a booking
// opens on its checkout day and closes 60 days after (410), writes one review
// (409 for a second), which waits for staff; published with a reply, it shows
// on the home's page with "Stayed in Month Year" and counts in its rating.
// The console's review API by role, with ?status= and { status, reply }.
import { reviews } from '@sas/db';
import { adminReviewListSchema, propertyDetailsSchema, type SubmitReview } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClockHeader } from '../../plugins/clock.js';
import { signReviewToken } from '../../services/reviews/tokens.js';
import { bookAtQuote, createBookableHome, nextStay } from '../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

const dayMs = 86_400_000;
let t: TestApp;
let home: { id: string; slug: string };
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;
let booking: Awaited<ReturnType<typeof bookAtQuote>>;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
  const other = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [other.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
  booking = await bookAtQuote(t.app, t.db, home, nextStay(3));
  token = await signReviewToken(t.env.JWT_SECRET, booking.id);
});

afterAll(async () => {
  await t?.close();
});

/** The test clock's header for "now is `days` days after the booking's checkout day began (UTC)". */
function daysAfterCheckout(days: number): Record<string, string> {
  const target = Date.parse(`${booking.checkOut}T12:00:00Z`) + days * dayMs;
  return { [testClockHeader]: String((target - Date.now()) / dayMs) };
}

const review: Omit<SubmitReview, 'token'> = {
  rating: 2,
  ratings: { cleanliness: 2, accuracy: 3, communication: 4, location: 5, value: 2 },
  text: 'Lovely views, but the hot tub was cold all week.',
};

describe('the review link', () => {
  it('is 404 for a bad link and before checkout, 410 after 60 days, and names the stay in between', async () => {
    const get = (link: string, days: number) =>
      t.app.inject({ method: 'GET', url: `/api/reviews/request/${link}`, headers: daysAfterCheckout(days) });
    expect((await get('not-a-token', 1)).statusCode).toBe(404);
    const forged = await signReviewToken('another-secret-that-is-long-enough-to-sign', booking.id);
    expect((await get(forged, 1)).statusCode).toBe(404);
    expect((await get(token, -2)).statusCode).toBe(404);
    const open = await get(token, 1);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({
      propertyName: 'Bluebird Lodge',
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      firstName: booking.firstName,
    });
    expect((await get(token, 59)).statusCode).toBe(200);
    const gone = await get(token, 62);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ message: string }>().message).toMatch(/60 days/);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const bad = [
      { ...review, token, rating: 6 },
      { ...review, token, rating: 4.5 },
      { ...review, token, ratings: { ...review.ratings, value: 0 } },
      { ...review, token, text: 'ok' },
      { ...review, token, extra: true },
      { ...review },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        payload,
        headers: daysAfterCheckout(1),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.bookingId, booking.id))).toEqual([]);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { ...review, token },
      headers: daysAfterCheckout(70),
    });
    expect(late.statusCode).toBe(410);
  });

  it('writes one review per stay, pending until staff publish it with a reply, then counted on the home page', async () => {
    const before = propertyDetailsSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/properties/search/${home.slug}` })).json(),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { ...review, token },
      headers: daysAfterCheckout(1),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { ...review, token },
      headers: daysAfterCheckout(2),
    });
    expect(again.statusCode).toBe(409);
    const used = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/request/${token}`,
      headers: daysAfterCheckout(2),
    });
    expect(used.statusCode).toBe(404);

    // Pending: not on the public page.
    const pendingPage = propertyDetailsSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/properties/search/${home.slug}` })).json(),
    );
    expect(pendingPage.reviewsData.map((r) => r.id)).not.toContain(id);

    const pending = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/reviews?status=pending' });
    expect(pending.statusCode).toBe(200);
    const listed = adminReviewListSchema.parse(pending.json()).find((r) => r.id === id);
    expect(listed).toMatchObject({
      source: 'guest',
      status: 'pending',
      rating: 2,
      stayedOn: booking.checkIn,
      ratings: review.ratings,
      guestName: `${booking.firstName} ${booking.lastName?.charAt(0)}.`,
    });

    const url = `/api/admin/reviews/${id}`;
    const payload = { status: 'published', reply: 'Thank you; the heater is fixed.' };
    expect((await injectAs(t.app, null, { method: 'PATCH', url, payload })).statusCode).toBe(401);
    for (const account of [accounts.guest, cleaner, accounts.owner, accounts.otherOwner]) {
      expect((await injectAs(t.app, account, { method: 'PATCH', url, payload })).statusCode).toBe(403);
    }
    const bad = await injectAs(t.app, accounts.staff, { method: 'PATCH', url, payload: { status: 'shown' } });
    expect(bad.statusCode).toBe(400);
    const empty = await injectAs(t.app, accounts.staff, { method: 'PATCH', url, payload: {} });
    expect(empty.statusCode).toBe(400);
    const published = await injectAs(t.app, accounts.staff, { method: 'PATCH', url, payload });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', hidden: false, reply: payload.reply });

    const page = propertyDetailsSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/properties/search/${home.slug}` })).json(),
    );
    const shown = page.reviewsData.find((r) => r.id === id);
    const month = new Date(`${booking.checkIn}T12:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(shown).toMatchObject({
      stayedIn: `Stayed in ${month} ${booking.checkIn.slice(0, 4)}`,
      reply: payload.reply,
    });
    expect(page.reviews).toBe(before.reviews + 1);

    const hidden = await injectAs(t.app, accounts.admin, { method: 'PATCH', url, payload: { status: 'hidden' } });
    expect(hidden.json()).toMatchObject({ status: 'hidden', hidden: true, reply: payload.reply });
    const published2 = await injectAs(t.app, accounts.admin, {
      method: 'GET',
      url: '/api/admin/reviews?status=published',
    });
    expect(adminReviewListSchema.parse(published2.json()).map((r) => r.id)).not.toContain(id);
  });

  it('keeps imported reviews as imported and published', async () => {
    await t.db.insert(reviews).values({
      id: 'rv-imported-1',
      propertyId: home.id,
      guestName: 'Jane Doe',
      platform: 'Airbnb',
      rating: 5,
      reviewText: 'Wonderful stay by the lake.',
      reviewedAtDate: '2025-08-01',
    });
    const list = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: `/api/admin/reviews?propertyId=${home.id}`,
    });
    expect(adminReviewListSchema.parse(list.json()).find((r) => r.id === 'rv-imported-1')).toMatchObject({
      source: 'imported',
      status: 'published',
      reply: null,
    });
    const bad = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/reviews?status=all' });
    expect(bad.statusCode).toBe(400);
  });
});
