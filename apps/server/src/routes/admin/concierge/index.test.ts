// The concierge schedule (issue 16 item 5): services chosen with the
// reservation (with their day and time) and added later, across homes, for
// staff and admins; and the evening e-mail of the next day's schedule.
import { emailOutbox } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { addDays, conciergeScheduleSchema, findAddOn, type ConciergeOrderResponse } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendConciergeDigest } from '../../../services/console/concierge.js';
import { signTripToken } from '../../../services/trip-links.js';
import {
  bookStay,
  createBookableHome,
  intentRequest,
  nextStay,
  payWithCard,
  weekdayTotalCents,
} from '../../../test/booking.js';
import { createRoleAccounts, injectAs } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
const stay = nextStay(3);
const otherStay = { ...stay };

async function book(where: PropertyRow, addOns: { id: number; option?: string; date?: string; time?: string }[]) {
  const addOnsCents = addOns.reduce((sum, a) => sum + (findAddOn(a.id)?.price ?? 0), 0);
  return bookStay(t.app, t.db, intentRequest(where, stay, { addOns, amount: weekdayTotalCents(3, addOnsCents) }));
}

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
});

describe('add-ons chosen with the reservation', () => {
  it('get the day and time the guest chose, or the first full day, and refuse a day outside the stay', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      payload: intentRequest(home, stay, {
        addOns: [{ id: 2, date: addDays(stay.checkIn, 1), time: '21:00' }],
        amount: weekdayTotalCents(3, 150_00),
      }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/Spa Services takes place during the day/);

    const booking = await book(home, [
      { id: 1, option: 'Weekly' },
      { id: 3, date: stay.checkIn, time: '19:30' },
    ]);
    const schedule = conciergeScheduleSchema.parse(
      (
        await injectAs(t.app, accounts.staff, {
          method: 'GET',
          url: `/api/admin/concierge?from=${stay.checkIn}&days=3`,
        })
      ).json(),
    );
    expect(schedule.entries.map((e) => [e.date, e.time, e.service, e.option, e.withStay, e.booking.code])).toEqual([
      [stay.checkIn, '19:30', 'Private Chef', null, true, booking.code],
      [addDays(stay.checkIn, 1), '10:00', 'Housekeeping', 'Weekly', true, booking.code],
    ]);
    expect(schedule.entries[0]!.booking).toMatchObject({ guest: 'Ada Lovelace', party: 3 });

    // The reservation's chef takes that evening: a later order for it is refused.
    const link = await signTripToken(t.env.JWT_SECRET, booking.code);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/add-ons?token=${link}`,
      payload: { id: 3, date: stay.checkIn, time: '18:00' },
    });
    expect(again.statusCode).toBe(422);
    // A service paid with the stay is not cancelled on its own.
    const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${booking.code}?token=${link}` });
    const chef = trip.json<{ concierge: { id: string; withStay: boolean; cancellableUntil: string | null }[] }>()
      .concierge[0]!;
    expect(chef).toMatchObject({ withStay: true, cancellableUntil: null });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/add-ons/${chef.id}/cancel?token=${link}`,
    });
    expect(cancel.statusCode).toBe(422);
  });
});

describe('GET /api/admin/concierge', () => {
  it('lists paid services of every home by day and time for staff and admins only', async () => {
    const booking = await book(otherHome, []);
    const link = await signTripToken(t.env.JWT_SECRET, booking.code);
    const ordered = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/add-ons?token=${link}`,
      payload: { id: 6, date: addDays(otherStay.checkIn, 2), time: '08:30' },
    });
    expect(ordered.statusCode).toBe(201);
    const { addOn, payment } = ordered.json<ConciergeOrderResponse>();
    const url = `/api/admin/concierge?from=${otherStay.checkIn}&days=5`;
    const listed = async () =>
      conciergeScheduleSchema.parse((await injectAs(t.app, accounts.admin, { method: 'GET', url })).json()).entries;
    // Unpaid: not on the schedule.
    expect((await listed()).map((e) => e.id)).not.toContain(addOn.id);
    await payWithCard(t.app, payment);
    await t.app.inject({ method: 'POST', url: `/api/trips/${booking.code}/add-ons/${addOn.id}/confirm?token=${link}` });
    const entry = (await listed()).find((e) => e.id === addOn.id);
    expect(entry).toMatchObject({ time: '08:30', service: 'Guided Tour', withStay: false, home: { id: otherHome.id } });

    expect((await injectAs(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['guest', 'owner', 'otherOwner'] as const) {
      expect((await injectAs(t.app, accounts[role], { method: 'GET', url })).statusCode, role).toBe(403);
    }
    expect((await injectAs(t.app, accounts.staff, { method: 'GET', url })).statusCode).toBe(200);
    for (const bad of ['from=tomorrow', 'days=0', 'days=63', 'what=1']) {
      const response = await injectAs(t.app, accounts.staff, { method: 'GET', url: `/api/admin/concierge?${bad}` });
      expect(response.statusCode, bad).toBe(400);
    }
  });
});

describe('the daily e-mail of the next day', () => {
  it('goes to the company once, after 17:00 at the office, with the services of the next day', async () => {
    // The evening before the stay's first night, in Denver (UTC-7 in winter, -6 in summer).
    const dayBefore = addDays(stay.checkIn, -1);
    const at = (hour: number) => new Date(Date.parse(`${dayBefore}T${String(hour).padStart(2, '0')}:30:00-07:00`));
    const inbox = 'concierge@example.com';
    expect(await sendConciergeDigest(t.db, inbox, at(15))).toBe(false);
    expect(await sendConciergeDigest(t.db, inbox, at(18))).toBe(true);
    expect(await sendConciergeDigest(t.db, inbox, at(19))).toBe(false);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'concierge_schedule'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(inbox);
    expect(mails[0]!.text).toMatch(/19:30 Private Chef at .*Ada Lovelace/);
    expect(await sendConciergeDigest(t.db, undefined, at(18))).toBe(false);
  });
});
