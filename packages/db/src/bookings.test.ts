// The money tables' own guarantees (migration 0004): an intent's amount is the
// sum of its lines, one booking per payment, one outbox message per dedupe key,
// and only known statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.js';
import { bookings, emailOutbox, paymentIntents } from './schema.js';
import { type TestDatabase, createTestDatabase, insertProperty, insertStay } from './testing.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

let sequence = 0;

async function intent(overrides: Partial<typeof paymentIntents.$inferInsert> = {}) {
  sequence += 1;
  const home = await insertProperty(t.db);
  const values: typeof paymentIntents.$inferInsert = {
    id: `pi_test_${sequence}`,
    provider: 'sandbox',
    status: 'succeeded',
    amountCents: 82_500,
    currency: 'usd',
    clientSecretHash: 'x',
    propertyId: home.id,
    checkIn: '2027-01-04',
    checkOut: '2027-01-07',
    nights: 3,
    guests: { adults: 2, children: 0, infants: 0, pets: 0 },
    addOns: [],
    baseCents: 60_000,
    feesCents: 15_000,
    taxesCents: 7_500,
    addOnsCents: 0,
    ...overrides,
  };
  await t.db.insert(paymentIntents).values(values);
  return { ...values, propertyId: home.id };
}

async function booking(paymentIntentId: string, propertyId: string, code: string, checkIn: string) {
  // A stay of its own, so only the booking's constraints are tested.
  const stay = await insertStay(t.db, propertyId, { checkIn, checkOut: `${checkIn.slice(0, 8)}28` });
  return t.db.insert(bookings).values({
    code,
    paymentIntentId,
    propertyId,
    stayId: stay.id,
    checkIn: '2027-01-04',
    checkOut: '2027-01-07',
    nights: 3,
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    addOns: [],
    baseCents: 60_000,
    feesCents: 15_000,
    taxesCents: 7_500,
    addOnsCents: 0,
    totalCents: 82_500,
    currency: 'usd',
  });
}

describe('payment intents and bookings', () => {
  it('refuse an amount that is not the sum of the price lines', async () => {
    await expect(intent({ amountCents: 1 })).rejects.toThrow();
    await expect(intent({ provider: 'paypal' as 'stripe' })).rejects.toThrow();
  });

  it('allow one booking per payment intent', async () => {
    const paid = await intent();
    await booking(paid.id, paid.propertyId, 'SAS-AAAAA2', '2027-01-01');
    const second = await booking(paid.id, paid.propertyId, 'SAS-AAAAA3', '2027-02-01').catch((err: unknown) => err);
    expect(isUniqueViolation(second, 'bookings_payment_intent_id_unique')).toBe(true);
    expect(isUniqueViolation(second, 'bookings_code_unique')).toBe(false);
  });
});

describe('the e-mail outbox', () => {
  const message = { kind: 'test', to: 'a@example.com', subject: 's', html: 'h', text: 't' };

  it('keeps one message per dedupe key and only known statuses', async () => {
    await t.db.insert(emailOutbox).values({ ...message, dedupeKey: 'k1' });
    const again = await t.db
      .insert(emailOutbox)
      .values({ ...message, dedupeKey: 'k1' })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(again)).toBe(true);
    await expect(
      t.db.insert(emailOutbox).values({ ...message, dedupeKey: 'k2', status: 'lost' as 'sent' }),
    ).rejects.toThrow();
  });
});
