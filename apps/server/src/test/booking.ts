// Helpers for tests of the money path: a bookable home with known rates,
// future stays that never collide, and the browser's calls (create the
// intent, pay with a test card, confirm) through app.inject().
import { insertProperty, insertRates, type PropertyRow } from '@sas/db/testing';
import {
  addDays,
  todayIn,
  type BookingConfirmationPayload,
  type CreatePaymentIntentRequest,
  type CreatePaymentIntentResponse,
  type IsoDate,
  type QuoteResponse,
} from '@sas/domain';
import { bookings, type Database } from '@sas/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';

export const guest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+1 970 555 0100',
} as const;

export const testCards = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  /** Pays now; saved, its later charges (installments, deposit holds) are declined. */
  declinesLater: '4000000000000341',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * A home with round prices and no seasons: $200 a night Sunday-Thursday,
 * $250 Friday and Saturday, $150 cleaning, 10% tax, sleeps 6, pets allowed.
 */
export async function createBookableHome(db: Database): Promise<PropertyRow> {
  const home = await insertProperty(db, { maxGuests: 6, petsAllowed: true, publicName: 'Bluebird Lodge' });
  await insertRates(db, home.id, {
    nightlyCents: 20_000,
    weekendCents: 25_000,
    cleaningFeeCents: 15_000,
    minStay: 2,
    taxRateBps: 1000,
  });
  return home;
}

let stayCounter = 0;

/** Starts nextStay() again from its first week: each test file has a database of its own (test/setup.ts). */
export function resetStays(): void {
  stayCounter = 0;
}

/**
 * A stay starting on a Monday a few months from now, never used before in
 * this test run, so tests of one file do not take each other's nights.
 */
export function nextStay(nights = 3): { checkIn: IsoDate; checkOut: IsoDate } {
  stayCounter += 1;
  const today = todayIn('America/Denver');
  let monday = addDays(today, 90 + stayCounter * 7);
  while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  return { checkIn: monday, checkOut: addDays(monday, nights) };
}

/** Cents of a Monday stay of `nights` (up to 4) at createBookableHome's rates, with these add-ons. */
export function weekdayTotalCents(nights: number, addOnsCents = 0): number {
  const base = nights * 20_000;
  const fees = 15_000;
  return base + fees + Math.floor(((base + fees) * 1000 + 5_000) / 10_000) + addOnsCents;
}

export function intentRequest(
  home: { id: string },
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  overrides: Partial<CreatePaymentIntentRequest> = {},
): CreatePaymentIntentRequest {
  const nights = (Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000;
  return {
    propertyId: home.id,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: { adults: 2, children: 1, infants: 0, pets: 0 },
    addOns: [],
    amount: weekdayTotalCents(nights),
    // Each call is another guest's reservation, unless a test passes the same reference again.
    confirmationCode: randomUUID(),
    contact: { ...guest },
    // Ticked at step 2 (issue 17), both boxes: the test guest is over 25. Tests of the agreement override it.
    agreement: { accepted: true, over25: true },
    ...overrides,
  };
}

export async function postIntent(app: FastifyInstance, body: CreatePaymentIntentRequest) {
  const response = await app.inject({ method: 'POST', url: '/api/stripe/create-payment-intent', payload: body });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Creates an intent that must succeed, and returns it. */
export async function createIntent(
  app: FastifyInstance,
  body: CreatePaymentIntentRequest,
): Promise<CreatePaymentIntentResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/stripe/create-payment-intent', payload: body });
  if (response.statusCode !== 200) {
    throw new Error(`create-payment-intent answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<CreatePaymentIntentResponse>();
}

/** The sandbox card form's call. */
export async function payWithCard(
  app: FastifyInstance,
  intent: Pick<CreatePaymentIntentResponse, 'paymentIntentId' | 'clientSecret'>,
  number: string = testCards.visa,
  card: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
    payload: {
      clientSecret: intent.clientSecret,
      card: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', ...card },
    },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** SPEC.md's booking confirmation payload as the browser builds it (prices as it showed them). */
export function confirmationPayload(
  intent: Pick<CreatePaymentIntentResponse, 'paymentIntentId' | 'breakdown' | 'amount'>,
  stay: { propertyId: string; checkIn: IsoDate; checkOut: IsoDate },
  overrides: Partial<BookingConfirmationPayload> = {},
): BookingConfirmationPayload {
  return {
    id: intent.paymentIntentId,
    confirmationCode: intent.paymentIntentId,
    propertyId: stay.propertyId,
    propertyName: 'Bluebird Lodge',
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    ...guest,
    nights: intent.breakdown.nights,
    adults: 2,
    children: 1,
    pets: 0,
    basePrice: intent.breakdown.basePrice,
    taxes: intent.breakdown.taxes,
    fees: intent.breakdown.fees,
    totalAmount: intent.amount / 100,
    paymentIntentId: intent.paymentIntentId,
    currency: 'usd',
    addOns: intent.breakdown.addOns,
    ...overrides,
  };
}

export async function postConfirm(app: FastifyInstance, body: BookingConfirmationPayload) {
  const response = await app.inject({ method: 'POST', url: '/api/reservation/confirm', payload: body });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/**
 * A guest's whole booking through the API, as the browser makes it: the
 * intent (with these headers, e.g. a signed-in guest's), the sandbox card,
 * the confirmation. Answers the booking's row.
 */
export async function bookStay(
  app: FastifyInstance,
  db: Database,
  request: CreatePaymentIntentRequest,
  headers: Record<string, string> = {},
): Promise<typeof bookings.$inferSelect> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-payment-intent',
    payload: request,
    headers,
  });
  if (response.statusCode !== 200) {
    throw new Error(`create-payment-intent answered ${response.statusCode}: ${response.body}`);
  }
  const intent = response.json<CreatePaymentIntentResponse>();
  const paid = await payWithCard(app, intent);
  if (paid.status !== 200) throw new Error(`the sandbox card answered ${paid.status}`);
  const stay = { propertyId: request.propertyId, checkIn: request.checkIn, checkOut: request.checkOut };
  const confirmed = await postConfirm(app, confirmationPayload(intent, stay));
  if (confirmed.status !== 200) throw new Error(`the confirmation answered ${confirmed.status}`);
  const [booking] = await db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  if (!booking) throw new Error('no booking was made');
  return booking;
}

/**
 * Books `stay` at the price the server quotes for it (2 adults and a child),
 * whatever nights it holds: a stay near today may hold weekend nights.
 */
export async function bookAtQuote(
  app: FastifyInstance,
  db: Database,
  home: { id: string },
  stay: { checkIn: IsoDate; checkOut: IsoDate },
): Promise<typeof bookings.$inferSelect> {
  const quote = await app.inject({
    method: 'POST',
    url: `/api/properties/${home.id}/quote`,
    payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2, children: 1 } },
  });
  if (quote.statusCode !== 200) throw new Error(`quote answered ${quote.statusCode}: ${quote.body}`);
  const amount = Math.round(quote.json<{ total: number }>().total * 100);
  return bookStay(app, db, intentRequest(home, stay, { amount }));
}

/** A home's price as the availability search lists it, from the quote of the same stay. */
export function searchPriceOfQuote(quote: QuoteResponse) {
  return {
    nights: quote.nights,
    total: quote.total,
    basePrice: quote.basePrice,
    fees: quote.fees,
    taxes: quote.taxes,
    currency: 'usd' as const,
    discounts: quote.discounts,
  };
}
