// The one refund path: what the provider is asked, what is recorded, and
// that an idempotency key makes a repeat the same refund, recorded once.
import { bookingNotes, paymentRefunds } from '@sas/db';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingDeps } from '../../lib/booking-deps.js';
import { bookStay, createBookableHome, intentRequest, nextStay } from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { issueRefund } from './issue-refund.js';

let t: TestApp;
let paymentIntentId: string;
let bookingId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const home = await createBookableHome(t.db);
  const booking = await bookStay(t.app, t.db, intentRequest(home, nextStay(2)));
  paymentIntentId = booking.paymentIntentId;
  bookingId = booking.id;
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const refundsOf = (intentId: string) =>
  t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, intentId));

describe('issueRefund', () => {
  it('asks the provider under the key, records the refund with its reason, and runs the caller’s writes with it', async () => {
    const deps = bookingDeps(t.app);
    const provider = vi.spyOn(t.app.payments, 'refund');
    const order = {
      paymentIntentId,
      amountCents: 5_000,
      reason: 'cancellation' as const,
      idempotencyKey: `test-refund-${bookingId}`,
    };
    const first = await issueRefund(deps, order, {
      onRecorded: async (tx, refund) => {
        await tx.insert(bookingNotes).values({ bookingId, body: `refunded ${refund.id}`, authorEmail: 'test' });
      },
    });
    expect(first).toMatchObject({ status: 'refunded', refund: { amount: 5_000 } });
    expect(provider).toHaveBeenCalledWith({
      paymentIntentId,
      amount: 5_000,
      reason: 'cancellation',
      idempotencyKey: `test-refund-${bookingId}`,
    });
    // A retry under the same key is the same refund at the provider, recorded once.
    const again = await issueRefund(deps, order);
    expect(again).toEqual(first);
    const rows = await refundsOf(paymentIntentId);
    expect(rows.map(({ id, amountCents, reason, provider: name }) => ({ id, amountCents, reason, name }))).toEqual([
      {
        id: first.status === 'refunded' ? first.refund.id : '',
        amountCents: 5_000,
        reason: 'cancellation',
        name: 'sandbox',
      },
    ]);
    const notes = await t.db.select().from(bookingNotes).where(eq(bookingNotes.bookingId, bookingId));
    expect(notes.map((note) => note.body)).toEqual([`refunded ${rows[0]!.id}`]);
  });

  it('answers failed and records nothing when the provider refuses', async () => {
    const before = await refundsOf(paymentIntentId);
    vi.spyOn(t.app.payments, 'refund').mockRejectedValueOnce(new Error('card network down'));
    const onRecorded = vi.fn();
    const outcome = await issueRefund(
      bookingDeps(t.app),
      { paymentIntentId, amountCents: 1_000, reason: 'cancellation', idempotencyKey: 'test-refund-down' },
      { onRecorded },
    );
    expect(outcome).toEqual({ status: 'failed', error: new Error('card network down') });
    expect(onRecorded).not.toHaveBeenCalled();
    expect(await refundsOf(paymentIntentId)).toEqual(before);
  });

  it('moves no money without an idempotency key or for an amount that is not a positive number of cents', async () => {
    const provider = vi.spyOn(t.app.payments, 'refund');
    const order = { paymentIntentId, reason: 'cancellation' as const };
    await expect(issueRefund(bookingDeps(t.app), { ...order, amountCents: 100, idempotencyKey: ' ' })).rejects.toThrow(
      /idempotency key/,
    );
    for (const amountCents of [0, -5, 12.5]) {
      await expect(
        issueRefund(bookingDeps(t.app), { ...order, amountCents, idempotencyKey: 'test-refund-amount' }),
      ).rejects.toThrow(/positive number of cents/);
    }
    expect(provider).not.toHaveBeenCalled();
  });
});
