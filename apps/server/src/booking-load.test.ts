// Issue 8, load: 200 guests reserve overlapping dates on five homes at the
// same moment, through the browser's calls (create the intent, pay in the
// sandbox, confirm). Whatever order the database sees them in, no night of
// any home may be sold twice, every guest who loses gets a clear 409, and
// every booking keeps exactly one stay. Runs on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL.
import { bookings, fromDateRange, paymentIntents, queryRows, stays } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  addDays,
  datesNoLongerAvailableMessage,
  eachNight,
  type CreatePaymentIntentResponse,
  type IsoDate,
} from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  postIntent,
} from './test/booking.js';
import { buildTestApp, type TestApp } from './test/helper.js';

const homeCount = 5;
const guestsPerHome = 40;

let t: TestApp;
let homes: PropertyRow[];

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' }, { seed: false });
  homes = [];
  for (let i = 0; i < homeCount; i++) homes.push(await createBookableHome(t.db));
});

afterAll(async () => {
  await t?.close();
});

/** A small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

interface Attempt {
  home: PropertyRow;
  stay: { checkIn: IsoDate; checkOut: IsoDate };
}

/**
 * Each guest picks one of two weeks of a home and 2 to 5 of its Sunday to
 * Thursday nights (all at the weekday rate, so intentRequest's amount is
 * right): heavily overlapping ranges, with room for a few winners per week.
 */
function plan(next: () => number): Attempt[] {
  return homes.flatMap((home) => {
    const sundays = [addDays(nextStay().checkIn, -1), addDays(nextStay().checkIn, -1)];
    return Array.from({ length: guestsPerHome }, () => {
      const sunday = sundays[Math.floor(next() * sundays.length)] ?? sundays[0]!;
      const start = Math.floor(next() * 4);
      const nights = 2 + Math.floor(next() * (4 - start));
      const checkIn = addDays(sunday, start);
      return { home, stay: { checkIn, checkOut: addDays(checkIn, nights) } };
    });
  });
}

describe('200 guests reserving overlapping dates at once', () => {
  it('sells no night twice, answers every loser 409 and books each winner exactly once', async () => {
    const seed = Date.now();
    const attempts = plan(random(seed));
    const context = `seed ${seed}`;

    // Everyone asks for their nights at the same moment.
    const answers = await Promise.all(
      attempts.map(async (attempt) => ({
        attempt,
        answer: await postIntent(t.app, intentRequest(attempt.home, attempt.stay)),
      })),
    );
    const winners = answers.filter((a) => a.answer.status === 200);
    const losers = answers.filter((a) => a.answer.status !== 200);
    expect(winners.length + losers.length, context).toBe(homeCount * guestsPerHome);
    // Every home's first request always wins something; most guests lose.
    expect(new Set(winners.map((w) => w.attempt.home.id)).size, context).toBe(homeCount);
    expect(
      losers.map((l) => l.answer),
      context,
    ).toEqual(
      losers.map(() => ({ status: 409, body: { message: datesNoLongerAvailableMessage, code: 'unavailable' } })),
    );

    // The winners pay and confirm; each confirmation is sent twice at once,
    // as a double click or a retry on a flaky network would.
    const confirmed = await Promise.all(
      winners.map(async ({ attempt, answer }) => {
        const intent = answer.body as unknown as CreatePaymentIntentResponse;
        const paid = await payWithCard(t.app, intent);
        expect(paid.status, context).toBe(200);
        const payload = confirmationPayload(intent, { propertyId: attempt.home.id, ...attempt.stay });
        const [first, second] = await Promise.all([postConfirm(t.app, payload), postConfirm(t.app, payload)]);
        expect(first?.status, `${context}: ${JSON.stringify(first?.body)}`).toBe(200);
        expect(second?.body.bookingId, context).toBe(first?.body.bookingId);
        return { attempt, bookingId: first?.body.bookingId };
      }),
    );

    // Latecomers asking for exactly the nights just booked all lose.
    const late = await Promise.all(
      confirmed.flatMap(({ attempt }) =>
        Array.from({ length: 3 }, () => postIntent(t.app, intentRequest(attempt.home, attempt.stay))),
      ),
    );
    expect(late, context).toEqual(
      late.map(() => ({ status: 409, body: { message: datesNoLongerAvailableMessage, code: 'unavailable' } })),
    );

    // No night of any home is held or booked twice.
    const active = await t.db
      .select({ propertyId: stays.propertyId, nights: stays.nights, kind: stays.kind })
      .from(stays)
      .where(eq(stays.status, 'active'));
    for (const home of homes) {
      const nights = active
        .filter((s) => s.propertyId === home.id)
        .flatMap((s) => {
          const range = fromDateRange(s.nights);
          return eachNight(range.checkIn, range.checkOut);
        });
      expect(nights.length, `${context}: nights of ${home.id}`).toBe(new Set(nights).size);
    }
    const [overlaps] = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM stays a JOIN stays b
          ON a.property_id = b.property_id AND a.id < b.id AND a.nights && b.nights
          WHERE a.status = 'active' AND b.status = 'active'`,
    );
    expect(overlaps?.count, context).toBe(0);
    // Every hold was paid and became a reservation; the losers left nothing behind.
    expect(
      active.filter((s) => s.kind !== 'reservation'),
      context,
    ).toEqual([]);
    expect(await t.db.$count(paymentIntents), context).toBe(winners.length);

    // Each booking has exactly one stay, its own, covering its nights.
    const booked = await t.db
      .select({
        id: bookings.id,
        propertyId: bookings.propertyId,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
        stay: stays,
      })
      .from(bookings)
      .leftJoin(stays, eq(stays.id, bookings.stayId));
    expect(booked.map((b) => b.id).sort(), context).toEqual(confirmed.map((c) => c.bookingId).sort());
    expect(new Set(booked.map((b) => b.stay?.id)).size, context).toBe(booked.length);
    for (const booking of booked) {
      expect(booking.stay, context).toMatchObject({
        propertyId: booking.propertyId,
        kind: 'reservation',
        status: 'active',
        nights: `[${booking.checkIn},${booking.checkOut})`,
      });
    }
    console.info(
      `booking load (${context}): ${winners.length} of ${answers.length} guests booked, ${losers.length + late.length} answered 409`,
    );
    const reservations = await t.db.$count(stays, and(eq(stays.kind, 'reservation'), eq(stays.status, 'active')));
    expect(reservations, context).toBe(booked.length);
  });
});
