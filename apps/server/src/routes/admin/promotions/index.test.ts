// Promotions end to end on the server (issue 26): the console's API by role,
// automatic discounts and promo codes in the quote, the search and the
// payment, one price from the quote to the booking, its e-mail, trip page,
// console and refund preview, and limited codes that never over-sell (the
// race on PostgreSQL).
import {
  auditLog,
  bookings,
  emailOutbox,
  paymentIntents,
  promotionRedemptions,
  propertyCollections,
  stays,
} from '@sas/db';
import {
  addDays,
  adminPromotionSchema,
  availabilitySearchResponseSchema,
  createPaymentIntentResponseSchema,
  formatUsd,
  quoteResponseSchema,
  todayIn,
  tripDetailSchema,
  type AdminDiscounts,
  type AdminPromotionCreate,
  type CreatePaymentIntentResponse,
  type IsoDate,
  type QuoteResponse,
} from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPersonalCode, offerReturningGuestCode } from '../../../services/promotions/personal.js';
import { signTripToken } from '../../../services/trip-links.js';
import {
  confirmationPayload,
  createBookableHome,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  postIntent,
} from '../../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
/** createBookableHome's rates: $200 Sun-Thu, $250 Fri-Sat, $150 cleaning, 10% tax, 2-night minimum. */
let home: { id: string; slug: string };
let otherHome: { id: string; slug: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
});

const uniqueCode = (prefix = 'CODE') => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;

async function createCode(body: Partial<AdminPromotionCreate> = {}) {
  const response = await injectAs(t.app, accounts.staff, {
    method: 'POST',
    url: '/api/admin/promotions',
    payload: { code: uniqueCode(), kind: 'percent', value: 10, ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /promotions answered ${response.statusCode}: ${response.body}`);
  return adminPromotionSchema.parse(response.json());
}

async function quote(
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  promoCode?: string,
  homeId = home.id,
): Promise<QuoteResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${homeId}/quote`,
    payload: {
      checkin_date: stay.checkIn,
      checkout_date: stay.checkOut,
      guests: { adults: 2, children: 1 },
      ...(promoCode === undefined ? {} : { promoCode }),
    },
  });
  if (response.statusCode !== 200) throw new Error(`quote answered ${response.statusCode}: ${response.body}`);
  return quoteResponseSchema.parse(response.json());
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Pays and confirms an intent as the browser does; answers the booking row. */
async function payAndConfirm(
  intent: CreatePaymentIntentResponse,
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  homeId = home.id,
) {
  expect((await payWithCard(t.app, intent)).status).toBe(200);
  const confirmed = await postConfirm(t.app, confirmationPayload(intent, { propertyId: homeId, ...stay }));
  expect(confirmed.status).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  if (!booking) throw new Error('no booking');
  return booking;
}

describe('who may use the promotions API', () => {
  it('admits staff and admins, refuses anonymous (401), guests and owners (403) on every route', async () => {
    const promo = await createCode();
    const routes = [
      { method: 'GET' as const, url: '/api/admin/promotions' },
      {
        method: 'POST' as const,
        url: '/api/admin/promotions',
        payload: { code: uniqueCode(), kind: 'amount', value: 25 },
      },
      { method: 'GET' as const, url: `/api/admin/promotions/${promo.id}` },
      { method: 'PATCH' as const, url: `/api/admin/promotions/${promo.id}`, payload: { maxUses: 50 } },
      { method: 'GET' as const, url: `/api/admin/promotions/${promo.id}/redemptions` },
      // An owner is refused even for their own home's discounts.
      { method: 'GET' as const, url: `/api/admin/properties/${home.id}/discounts` },
      { method: 'GET' as const, url: '/api/admin/collections/resort/discounts' },
      {
        method: 'PUT' as const,
        url: '/api/admin/collections/michigan/discounts',
        payload: { weeklyPercent: 0, monthlyPercent: 0, lastMinute: null, earlyBird: null, gapNights: null },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/properties/${home.id}/discounts`,
        payload: { weeklyPercent: 0, monthlyPercent: 0, lastMinute: null, earlyBird: null, gapNights: null },
      },
      { method: 'GET' as const, url: '/api/admin/promotions/returning-guests' },
      {
        method: 'PUT' as const,
        url: '/api/admin/promotions/returning-guests',
        payload: { enabled: false, percent: 10, validDays: 365 },
      },
    ];
    const cases: [TestAccount | null, number][] = [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ];
    for (const route of routes) {
      for (const [account, status] of cases) {
        const response = await injectAs(t.app, account, route);
        expect(response.statusCode, `${route.method} ${route.url} as ${account?.role ?? 'anonymous'}`).toBe(status);
      }
      for (const account of [accounts.staff, accounts.admin]) {
        const response = await injectAs(t.app, account, {
          ...route,
          ...(route.method === 'POST' ? { payload: { code: uniqueCode(), kind: 'amount', value: 25 } } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} as ${account.role}`).toBeLessThan(300);
      }
    }
    for (const [account, status] of [...cases, [accounts.staff, 204] as const]) {
      const target = await createCode();
      const response = await injectAs(t.app, account, { method: 'DELETE', url: `/api/admin/promotions/${target.id}` });
      expect(response.statusCode, `DELETE as ${account?.role ?? 'anonymous'}`).toBe(status);
    }
  });
});

describe('promo codes in the console', () => {
  it('creates a code (201), refuses the same code in another case (409) and bad input (400), audited', async () => {
    const code = uniqueCode('Summer');
    const created = await createCode({ code, maxUses: 5, minNights: 3, combinable: true });
    expect(created).toMatchObject({
      code,
      kind: 'percent',
      value: 10,
      maxUses: 5,
      minNights: 3,
      combinable: true,
      status: 'active',
      uses: 0,
    });
    const again = await injectAs(t.app, accounts.admin, {
      method: 'POST',
      url: '/api/admin/promotions',
      payload: { code: code.toLowerCase(), kind: 'amount', value: 20 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/already exists/);
    for (const payload of [
      { code: uniqueCode(), kind: 'percent', value: 150 },
      { code: uniqueCode(), kind: 'percent', value: 0 },
      { code: 'a b', kind: 'amount', value: 10 },
      { code: uniqueCode(), kind: 'amount', value: 10, stayFrom: '2030-05-10', stayTo: '2030-05-01' },
      { code: uniqueCode(), kind: 'amount', value: 10, homes: [randomUUID()] },
    ]) {
      const response = await injectAs(t.app, accounts.staff, { method: 'POST', url: '/api/admin/promotions', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'promotion'), eq(auditLog.entityId, created.id)));
    expect(audit.map((row) => row.action)).toEqual(['promotion.create']);
    expect(audit[0]?.actorEmail).toBe(accounts.staff.email);
  });

  it('pauses, resumes, edits and deletes a code; the quote follows each change', async () => {
    const stay = nextStay(3);
    const promo = await createCode();
    expect((await quote(stay, promo.code)).promo).toEqual({ code: promo.code, applied: true });

    const paused = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/promotions/${promo.id}`,
      payload: { status: 'paused' },
    });
    expect(paused.json<{ status: string }>().status).toBe('paused');
    const refused = await quote(stay, promo.code);
    expect(refused.promo).toEqual({
      code: promo.code,
      applied: false,
      reason: `The code ${promo.code} is no longer available.`,
    });
    expect(refused.discounts).toEqual([]);

    await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/promotions/${promo.id}`,
      payload: { status: 'active', value: 20 },
    });
    expect((await quote(stay, promo.code)).discounts).toEqual([
      { kind: 'code', name: `Code ${promo.code} (20%)`, amount: 120 },
    ]);

    expect(
      (await injectAs(t.app, accounts.staff, { method: 'DELETE', url: `/api/admin/promotions/${promo.id}` }))
        .statusCode,
    ).toBe(204);
    expect((await quote(stay, promo.code)).promo?.reason).toBe(
      `We don't know the code ${promo.code}. Check its spelling.`,
    );
    const gone = await injectAs(t.app, accounts.staff, { url: `/api/admin/promotions/${promo.id}` });
    expect(gone.statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, promo.id));
    expect(actions.map((row) => row.action)).toEqual([
      'promotion.create',
      'promotion.pause',
      'promotion.update',
      'promotion.delete',
    ]);
  });
});

describe('a quote with a code', () => {
  it('takes any case and refuses in words, keeping the price', async () => {
    const stay = nextStay(3);
    const plain = await quote(stay);
    const promo = await createCode({ code: uniqueCode('Fall'), minNights: 4 });
    const cases: [string, string][] = [
      ['NOSUCHCODE', "We don't know the code NOSUCHCODE. Check its spelling."],
      [promo.code.toLowerCase(), `The code ${promo.code} needs a stay of at least 4 nights.`],
    ];
    const expired = await createCode({ bookTo: '2020-01-01' });
    cases.push([expired.code, `The code ${expired.code} has expired.`]);
    const dated = await createCode({ stayFrom: '2020-01-01', stayTo: '2020-02-01' });
    cases.push([dated.code, `The code ${dated.code} is not valid for these dates.`]);
    const elsewhere = await createCode({ homes: [otherHome.id] });
    cases.push([elsewhere.code, `The code ${elsewhere.code} is not valid for this home.`]);
    for (const [code, reason] of cases) {
      const refused = await quote(stay, code);
      expect(refused.promo, code).toMatchObject({ applied: false, reason });
      expect(refused.total, code).toBe(plain.total);
    }
    const ok = await quote(stay, ` ${elsewhere.code.toLowerCase()} `, otherHome.id);
    expect(ok.promo).toEqual({ code: elsewhere.code, applied: true });
  });
});

describe('automatic discounts', () => {
  const weekly: AdminDiscounts = {
    weeklyPercent: 10,
    monthlyPercent: 20,
    lastMinute: null,
    earlyBird: { days: 400, percent: 5 },
    gapNights: { maxGap: 2, percent: 15 },
  };

  it('are read back as written, audited, and validated', async () => {
    const put = await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: `/api/admin/properties/${home.slug}/discounts`,
      payload: weekly,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(weekly);
    expect(
      (await injectAs(t.app, accounts.admin, { url: `/api/admin/properties/${home.id}/discounts` })).json(),
    ).toEqual(weekly);
    for (const payload of [
      { ...weekly, weeklyPercent: 95 },
      { ...weekly, gapNights: { maxGap: 4, percent: 10 } },
      { ...weekly, lastMinute: { days: -1, percent: 10 } },
    ]) {
      const bad = await injectAs(t.app, accounts.staff, {
        method: 'PUT',
        url: `/api/admin/properties/${home.id}/discounts`,
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discounts.replace'), eq(auditLog.entityId, home.id)));
    expect(entries.map((entry) => entry.after)).toContainEqual(weekly);
  });

  it('show the weekly discount on the quote and the search card, to the cent; the cleaning fee is not discounted', async () => {
    const stay = nextStay(7);
    const priced = await quote(stay);
    expect(priced.discounts).toEqual([
      { kind: 'weekly', name: 'Weekly discount (10%)', amount: priced.basePrice / 10 },
    ]);
    expect(priced.fees).toBe(150);
    expect(priced.taxes).toBe((priced.basePrice * 0.9 + 150) / 10);
    expect(priced.total).toBe(priced.basePrice - priced.basePrice / 10 + priced.fees + priced.taxes);

    const search = await t.app.inject({
      url: `/api/search/availability?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2`,
    });
    const card = availabilitySearchResponseSchema.parse(search.json()).find((h) => h.id === home.id);
    expect(card?.quote).toEqual({
      nights: 7,
      total: priced.total,
      basePrice: priced.basePrice,
      fees: priced.fees,
      taxes: priced.taxes,
      currency: 'usd',
      discounts: priced.discounts,
    });
  });

  it("apply a collection's discounts to its homes without their own; a home's own replace them", async () => {
    const member = await createBookableHome(t.db);
    await t.db.insert(propertyCollections).values({ propertyId: member.id, collection: 'luxury', position: 99 });
    const put = await injectAs(t.app, accounts.admin, {
      method: 'PUT',
      url: '/api/admin/collections/luxury/discounts',
      payload: { ...weekly, weeklyPercent: 12, gapNights: null, earlyBird: null },
    });
    expect(put.statusCode).toBe(200);
    expect(
      (await injectAs(t.app, accounts.staff, { url: '/api/admin/collections/nowhere/discounts' })).statusCode,
    ).toBe(400);
    const stay = nextStay(7);
    expect((await quote(stay, undefined, member.id)).discounts).toEqual([
      { kind: 'weekly', name: 'Weekly discount (12%)', amount: expect.any(Number) as unknown },
    ]);
    await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: `/api/admin/properties/${member.id}/discounts`,
      payload: { ...weekly, weeklyPercent: 5 },
    });
    expect((await quote(stay, undefined, member.id)).discounts.map((d) => d.name)).toEqual(['Weekly discount (5%)']);
  });

  it('let a gap between two stays be booked below the minimum stay', async () => {
    // createBookableHome needs 2 nights; a 1-night gap between two stays is sold with 15% off.
    const around = nextStay(3);
    await t.db.insert(stays).values([
      { propertyId: home.id, nights: `[${around.checkIn},${addDays(around.checkIn, 1)})`, kind: 'staff_block' },
      { propertyId: home.id, nights: `[${addDays(around.checkIn, 2)},${around.checkOut})`, kind: 'staff_block' },
    ]);
    const gap = await quote({ checkIn: addDays(around.checkIn, 1), checkOut: addDays(around.checkIn, 2) });
    expect(gap.nights).toBe(1);
    expect(gap.discounts).toEqual([{ kind: 'gapNight', name: 'Gap-night discount (15%)', amount: 30 }]);
  });
});

describe('one price from the quote to the booking', () => {
  it('books a weekly stay with a combinable code: the same discounted total on the payment, booking, e-mail, trip page, console and refund preview', async () => {
    const promo = await createCode({ code: uniqueCode('Back'), kind: 'amount', value: 50, combinable: true });
    const stay = nextStay(7);
    const priced = await quote(stay, promo.code.toLowerCase());
    expect(priced.discounts.map((d) => d.kind)).toEqual(['weekly', 'code']);
    const discount = priced.discounts.reduce((sum, d) => sum + d.amount, 0);

    const response = await postIntent(
      t.app,
      intentRequest(home, stay, { amount: cents(priced.total), promoCode: promo.code.toLowerCase() }),
    );
    expect(response.status).toBe(200);
    const intent = createPaymentIntentResponseSchema.parse(response.body);
    expect(intent.amount).toBe(cents(priced.total));
    expect(intent.breakdown).toMatchObject({
      basePrice: priced.basePrice,
      discounts: priced.discounts,
      promo: { code: promo.code, applied: true },
      fees: priced.fees,
      taxes: priced.taxes,
      total: priced.total,
    });
    const booking = await payAndConfirm(intent, stay);
    expect(booking).toMatchObject({
      totalCents: cents(priced.total),
      discountCents: cents(discount),
      promoCode: promo.code,
    });

    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'booking_confirmation'), eq(emailOutbox.reference, `booking:${booking.id}`)));
    expect(email?.text).toContain('Weekly discount (10%)');
    expect(email?.text).toContain(`Code ${promo.code} ($50.00 off)`);
    expect(email?.text).toContain(`Total paid: ${formatUsd(cents(priced.total))}`);

    const trip = await t.app.inject({
      url: `/api/trips/${booking.code}?token=${encodeURIComponent(await signTripToken(t.env.JWT_SECRET, booking.code))}`,
    });
    const detail = tripDetailSchema.parse(trip.json());
    expect(detail.totalAmount).toBe(priced.total);
    expect(detail.priceLines).toContainEqual({ label: 'Weekly discount (10%)', amount: -priced.basePrice / 10 });

    const console = await injectAs(t.app, accounts.staff, { url: `/api/admin/reservations/${booking.code}` });
    expect(console.json<{ totalAmount: number }>().totalAmount).toBe(priced.total);
    // The refund preview's tiers are of what was paid.
    const preview = await injectAs(t.app, accounts.staff, {
      url: `/api/admin/reservations/${booking.code}/cancel-preview`,
    });
    const refund = preview.json<{
      paidAmount: number;
      fullRefundAmount: number;
      policyPercent: number;
      policyRefundAmount: number;
    }>();
    expect(refund).toMatchObject({ paidAmount: priced.total, fullRefundAmount: priced.total });
    expect(refund.policyRefundAmount).toBeCloseTo((priced.total * refund.policyPercent) / 100, 2);

    // The owner's statement: the same total, the discount said beside it.
    const statement = await injectAs(t.app, accounts.owner, {
      url: `/api/admin/statements?month=${stay.checkIn.slice(0, 7)}&propertyId=${home.id}`,
    });
    const lines = statement
      .json<{ homes: { bookings: { code: string; totalAmount: number; discount: number }[] }[] }>()
      .homes.flatMap((h) => h.bookings);
    expect(lines.find((line) => line.code === booking.code)).toMatchObject({ totalAmount: priced.total, discount });

    const redemptions = await injectAs(t.app, accounts.staff, { url: `/api/admin/promotions/${promo.id}/redemptions` });
    expect(redemptions.json<{ redemptions: unknown[] }>().redemptions).toEqual([
      expect.objectContaining({
        status: 'redeemed',
        discount: 50,
        booking: expect.objectContaining({ code: booking.code, total: priced.total }) as unknown,
      }),
    ]);
    const listed = (
      await injectAs(t.app, accounts.staff, { url: `/api/admin/promotions/${promo.id}` })
    ).json<unknown>();
    expect(listed).toMatchObject({ uses: 1, bookings: 1, revenue: priced.total, discountGiven: 50 });
  });

  it('refuses a payment priced with a code that cannot be used, with the price without it; nothing is held', async () => {
    const stay = nextStay(3);
    const plain = await quote(stay);
    const response = await postIntent(
      t.app,
      intentRequest(home, stay, { amount: cents(plain.total) - 1000, promoCode: 'NOSUCHCODE' }),
    );
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'promo', amount: cents(plain.total) });
    expect(response.body.message).toMatch(/^We don't know the code NOSUCHCODE/);
    // Paying the full price with the refused code typed is fine.
    const full = await postIntent(
      t.app,
      intentRequest(home, stay, { amount: cents(plain.total), promoCode: 'NOSUCHCODE' }),
    );
    expect(full.status).toBe(200);
  });
});

describe('limited codes', () => {
  it('count a use while its hold lasts, give it back when the hold lapses, keep it once booked', async () => {
    const promo = await createCode({ maxUses: 1 });
    const first = nextStay(3);
    const second = nextStay(3);
    const priced = await quote(first, promo.code);
    const held = await postIntent(
      t.app,
      intentRequest(home, first, { amount: cents(priced.total), promoCode: promo.code }),
    );
    expect(held.status).toBe(200);
    // Another guest sees it used up, and cannot pay with it.
    expect((await quote(second, promo.code)).promo?.reason).toBe(`The code ${promo.code} is no longer available.`);
    const secondPrice = await quote(second);
    const refused = await postIntent(
      t.app,
      intentRequest(home, second, { amount: cents(secondPrice.total * 1) - 6000, promoCode: promo.code }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/no longer available/);

    // The first guest's hold lapses: the use is free again.
    const [intentRow] = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, String(held.body.paymentIntentId)));
    await t.db
      .update(stays)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stays.id, intentRow!.holdId!));
    const again = await quote(second, promo.code);
    expect(again.promo?.applied).toBe(true);
    const intent = createPaymentIntentResponseSchema.parse(
      (await postIntent(t.app, intentRequest(home, second, { amount: cents(again.total), promoCode: promo.code })))
        .body,
    );
    const booking = await payAndConfirm(intent, second);
    expect(booking.discountCents).toBeGreaterThan(0);
    // Booked: final, even when its hold row is long gone.
    const [use] = await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.bookingId, booking.id));
    expect(use?.status).toBe('redeemed');
    expect((await quote(nextStay(3), promo.code)).promo?.applied).toBe(false);
  });

  it("let a reservation's next attempt keep the last use its own hold reserved", async () => {
    const promo = await createCode({ maxUses: 1 });
    const stay = nextStay(3);
    const reference = randomUUID();
    const priced = await quote(stay, promo.code);
    const first = await postIntent(
      t.app,
      intentRequest(home, stay, { amount: cents(priced.total), promoCode: promo.code, confirmationCode: reference }),
    );
    expect(first.status).toBe(200);
    // Back at the payment step (a new plan, an add-on...): the same reservation asks again with the code.
    const requoted = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.id}/quote`,
      payload: {
        checkin_date: stay.checkIn,
        checkout_date: stay.checkOut,
        guests: { adults: 2, children: 1 },
        promoCode: promo.code,
        reference,
      },
    });
    expect(quoteResponseSchema.parse(requoted.json()).promo?.applied).toBe(true);
    const again = await postIntent(
      t.app,
      intentRequest(home, stay, { amount: cents(priced.total), promoCode: promo.code, confirmationCode: reference }),
    );
    expect(again.status).toBe(200);
    const listed = (
      await injectAs(t.app, accounts.staff, { url: `/api/admin/promotions/${promo.id}` })
    ).json<unknown>();
    expect(listed).toMatchObject({ uses: 1 });
  });

  it('limit the uses per guest e-mail', async () => {
    const promo = await createCode({ maxUsesPerGuest: 1 });
    const first = nextStay(3);
    const priced = await quote(first, promo.code);
    const intent = createPaymentIntentResponseSchema.parse(
      (await postIntent(t.app, intentRequest(home, first, { amount: cents(priced.total), promoCode: promo.code })))
        .body,
    );
    await payAndConfirm(intent, first);
    const second = nextStay(3);
    const again = await quote(second, promo.code);
    // The quote does not know the e-mail yet; the payment does.
    expect(again.promo?.applied).toBe(true);
    const refused = await postIntent(
      t.app,
      intentRequest(home, second, { amount: cents(again.total), promoCode: promo.code }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already been used with this e-mail address/);
    const other = await postIntent(
      t.app,
      intentRequest(home, second, {
        amount: cents(again.total),
        promoCode: promo.code,
        contact: { ...guest, email: 'grace@example.com' },
      }),
    );
    expect(other.status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a code limited to 5 uses, 20 guests paying at once (PostgreSQL)', () => {
  it('leaves exactly 5 discounted bookings; the others are told it is no longer available and nothing is charged', async () => {
    const promo = await createCode({ maxUses: 5 });
    const homes = [home, otherHome, await createBookableHome(t.db), await createBookableHome(t.db)];
    const guests = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const where = homes[i % homes.length]!;
        const stay = nextStay(3);
        const priced = await quote(stay, promo.code, where.id);
        expect(priced.promo?.applied).toBe(true);
        return { where, stay, priced };
      }),
    );
    const answers = await Promise.all(
      guests.map(({ where, stay, priced }, i) =>
        postIntent(
          t.app,
          intentRequest(where, stay, {
            amount: cents(priced.total),
            promoCode: promo.code,
            contact: { ...guest, email: `guest${i}@example.com` },
          }),
        ),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ code: 'promo' });
      expect(String(answer.body.message)).toMatch(/is no longer available/);
    }
    const booked = await Promise.all(
      ok.map((answer) => {
        const intent = createPaymentIntentResponseSchema.parse(answer.body);
        const i = answers.indexOf(answer);
        return payAndConfirm(intent, guests[i]!.stay, guests[i]!.where.id);
      }),
    );
    for (const [index, booking] of booked.entries()) {
      const i = answers.indexOf(ok[index]!);
      expect(booking.totalCents).toBe(cents(guests[i]!.priced.total));
      expect(booking.promoCode).toBe(promo.code);
    }
    // Only the five intents exist for this code's stays: nobody else was charged anything.
    const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.promoCode, promo.code));
    expect(intents).toHaveLength(5);
    const listed = (
      await injectAs(t.app, accounts.staff, { url: `/api/admin/promotions/${promo.id}` })
    ).json<unknown>();
    expect(listed).toMatchObject({ uses: 5, bookings: 5 });
  });
});

describe("a returning guest's personal code", () => {
  it('is single-use, for their e-mail only, valid for the days set', async () => {
    const now = new Date();
    const personal = await createPersonalCode(t.db, {
      email: 'Returning@Example.com',
      settings: { percent: 15, validDays: 60 },
      now,
    });
    expect(personal.code).toMatch(/^WELCOME-[A-Z2-9]{8}$/);
    expect(personal.validUntil).toBe(addDays(todayIn('America/Denver', now), 60));
    const stay = nextStay(3);
    const priced = await quote(stay, personal.code.toLowerCase());
    expect(priced.discounts).toEqual([{ kind: 'code', name: `Code ${personal.code} (15%)`, amount: 90 }]);

    const stranger = await postIntent(
      t.app,
      intentRequest(home, stay, { amount: cents(priced.total), promoCode: personal.code }),
    );
    expect(stranger.status).toBe(409);
    expect(stranger.body.message).toMatch(/belongs to another guest/);
    const mine = { ...guest, email: 'returning@example.com' };
    const intent = createPaymentIntentResponseSchema.parse(
      (
        await postIntent(
          t.app,
          intentRequest(home, stay, { amount: cents(priced.total), promoCode: personal.code, contact: mine }),
        )
      ).body,
    );
    await payAndConfirm(intent, stay);
    expect((await quote(nextStay(3), personal.code)).promo?.reason).toBe(
      `The code ${personal.code} is no longer available.`,
    );
    // Personal codes stay out of the console's list of campaigns.
    const list = (await injectAs(t.app, accounts.staff, { url: '/api/admin/promotions' })).json<{
      promotions: { code: string }[];
    }>();
    expect(list.promotions.map((p) => p.code)).not.toContain(personal.code);
  });
});

describe('the returning-guest offer', () => {
  it('is off until staff set it; is read back as written, validated and audited; and makes the code it says', async () => {
    const url = '/api/admin/promotions/returning-guests';
    expect((await injectAs(t.app, accounts.staff, { url })).json()).toEqual({
      enabled: false,
      percent: 10,
      validDays: 365,
    });
    expect(await offerReturningGuestCode(t.db, { email: 'back@example.com', now: new Date() })).toBeNull();

    for (const payload of [
      { enabled: true, percent: 0, validDays: 30 },
      { enabled: true, percent: 12.345, validDays: 30 },
      { enabled: true, percent: 12, validDays: 0 },
      { enabled: true, percent: 12, validDays: 731 },
      { enabled: 'yes', percent: 12, validDays: 30 },
      { enabled: true, percent: 12 },
    ]) {
      const bad = await injectAs(t.app, accounts.staff, { method: 'PUT', url, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await injectAs(t.app, accounts.staff, { url })).json()).toEqual({
      enabled: false,
      percent: 10,
      validDays: 365,
    });

    const put = await injectAs(t.app, accounts.admin, {
      method: 'PUT',
      url,
      payload: { enabled: true, percent: 12.5, validDays: 90 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ enabled: true, percent: 12.5, validDays: 90 });
    expect((await injectAs(t.app, accounts.staff, { url })).json()).toEqual(put.json());
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'returning-offer.replace'));
    expect(audits.map((row) => [row.actorEmail, row.after])).toContainEqual([
      accounts.admin.email,
      { enabled: true, percent: 12.5, validDays: 90 },
    ]);

    const now = new Date();
    const offered = await offerReturningGuestCode(t.db, { email: 'back@example.com', now });
    expect(offered).toMatchObject({ percent: 12.5, validUntil: addDays(todayIn('America/Denver', now), 90) });
  });
});
