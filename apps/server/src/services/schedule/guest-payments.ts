// A guest pays a failed installment, or authorises the deposit again, from
// the booking's page with a card (on-session), through the same card forms
// as the booking steps. The card used becomes the booking's saved card for
// the charges still to come.
import { bookingDeposits, bookingPayments, bookings, paymentIntents, type Transaction } from '@sas/db';
import type { TripPaymentResponse } from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { sha256Hex } from '../../lib/tokens.js';
import type { BookingDeps, BookingRow } from '../money-deps.js';
import { enqueueInstallmentPaid } from '../email/schedule-emails.js';
import { issueRefund } from '../refunds/issue-refund.js';
import { bookingIntentRow, installmentCount } from './scheduler.js';
import type { CreateIntentInput, CreatedIntent, ProviderIntent } from '../payments/provider.js';
import { postPayment } from '../ledger/post.js';

export type GuestPaymentOutcome =
  | { status: 'ok'; payment: TripPaymentResponse }
  /** 404: no such installment, or no deposit. */
  | { status: 'not_found' }
  /** 409: nothing to pay (already paid, booking cancelled, deposit held). */
  | { status: 'conflict'; message: string }
  /** 503: the provider could not set the payment up; nothing was charged. */
  | { status: 'unavailable'; message: string };

export type GuestPaymentConfirmOutcome =
  | { status: 'paid' }
  | { status: 'not_found' }
  /** 402: the provider says it is not paid (declined card): the message says why. */
  | { status: 'not_paid'; message: string }
  | { status: 'conflict'; message: string };

export const guestPaymentMessages = {
  cancelled: 'This booking is cancelled: there is nothing to pay.',
  notDue: 'This payment is not due: it is paid, scheduled for later, or no longer needed.',
  payByPassed:
    'The time to pay this installment has passed: the booking is being cancelled under the cancellation policy.',
  depositNotNeeded: 'The security deposit does not need your authorisation now.',
  refundedLate: 'This booking was cancelled before your payment arrived; the payment has been refunded in full.',
  notPaid: 'The payment has not gone through.',
  unavailable: 'Card payments are unavailable right now; nothing was charged. Please try again in a few minutes.',
} as const;

function savedCardHolder(booking: BookingRow) {
  return {
    email: booking.email,
    name: [booking.firstName, booking.lastName].filter(Boolean).join(' ') || null,
  };
}

/** What a guest's payment is for, kept on its intent: the installment's or the deposit's row. */
function paysFor(purpose: 'installment' | 'deposit', rowId: string): string {
  return `${purpose}:${rowId}`;
}

async function recordGuestIntent(
  deps: BookingDeps,
  booking: BookingRow,
  created: CreatedIntent,
  purpose: 'installment' | 'deposit',
  amountCents: number,
  rowId: string,
): Promise<void> {
  const row = bookingIntentRow(
    deps,
    booking,
    { id: created.id, status: created.status, clientSecretHash: sha256Hex(created.clientSecret) },
    purpose,
    amountCents,
  );
  await deps.db
    .insert(paymentIntents)
    .values({ ...row, saveCard: true, clientReference: paysFor(purpose, rowId) })
    .onConflictDoNothing();
}

/** The provider's intent, or null (logged) when it cannot make one now. */
async function createOrNull(deps: BookingDeps, input: CreateIntentInput): Promise<CreatedIntent | null> {
  try {
    return await deps.payments.createIntent(input);
  } catch (err) {
    deps.log.error({ err }, 'the payment provider could not set up a payment');
    return null;
  }
}

function paymentOf(
  deps: BookingDeps,
  created: CreatedIntent,
  amountCents: number,
  currency: string,
): TripPaymentResponse {
  return {
    paymentIntentId: created.id,
    clientSecret: created.clientSecret,
    publishableKey: deps.payments.publishableKey,
    amount: amountCents,
    currency,
  };
}

/** The booking keeps the card that just paid for what is still to come. */
async function keepCard(tx: Pick<Transaction, 'update'>, booking: BookingRow, remote: ProviderIntent): Promise<void> {
  if (!remote.customerId || !remote.paymentMethodId) return;
  await tx
    .update(bookings)
    .set({ customerId: remote.customerId, paymentMethodId: remote.paymentMethodId })
    .where(eq(bookings.id, booking.id));
}

export async function startInstallmentPayment(
  deps: BookingDeps,
  booking: BookingRow,
  seq: number,
  now: Date,
): Promise<GuestPaymentOutcome> {
  const [row] = await deps.db
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.seq, seq)));
  if (!row) return { status: 'not_found' };
  if (booking.status !== 'confirmed') return { status: 'conflict', message: guestPaymentMessages.cancelled };
  if (row.status !== 'failed') return { status: 'conflict', message: guestPaymentMessages.notDue };
  // Unpaid at pay_by the scheduler cancels the booking (ADR 031): a payment started now would race it.
  if (row.payBy && now.getTime() >= row.payBy.getTime()) {
    return { status: 'conflict', message: guestPaymentMessages.payByPassed };
  }
  const created = await createOrNull(deps, {
    amount: row.amountCents,
    currency: booking.currency,
    description: `Installment ${row.seq} of booking ${booking.code}`,
    metadata: { booking_id: booking.id, booking_code: booking.code, installment: String(row.seq) },
    // A double click or a second tab gets the same intent (Stripe); a new attempt after a failure a new one.
    idempotencyKey: `installment-${row.id}-guest-${row.attempt}`,
    saveCard: savedCardHolder(booking),
  });
  if (!created) return { status: 'unavailable', message: guestPaymentMessages.unavailable };
  await recordGuestIntent(deps, booking, created, 'installment', row.amountCents, row.id);
  return { status: 'ok', payment: paymentOf(deps, created, row.amountCents, booking.currency) };
}

export async function confirmInstallmentPayment(
  deps: BookingDeps,
  booking: BookingRow,
  seq: number,
  paymentIntentId: string,
  now: Date,
): Promise<GuestPaymentConfirmOutcome> {
  const { db, payments } = deps;
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.id, paymentIntentId),
        eq(paymentIntents.bookingId, booking.id),
        eq(paymentIntents.purpose, 'installment'),
      ),
    );
  const [row] = await db
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.seq, seq)));
  // Only a payment started for this very installment pays it (two installments may cost the same).
  if (!intent || !row || intent.clientReference !== paysFor('installment', row.id)) return { status: 'not_found' };
  if (row.status === 'paid' && row.paymentIntentId === intent.id) return { status: 'paid' };
  const remote = await payments.retrieveIntent(intent.id);
  if (!remote) return { status: 'not_found' };
  if (remote.status !== 'succeeded') {
    return { status: 'not_paid', message: intent.lastError ?? guestPaymentMessages.notPaid };
  }
  const settled = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookingPayments).where(eq(bookingPayments.id, row.id)).for('update');
    const [owner] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    await tx
      .update(paymentIntents)
      .set({ status: 'succeeded', updatedAt: sql`now()` })
      .where(eq(paymentIntents.id, intent.id));
    if (current?.status === 'paid') return current.paymentIntentId === intent.id ? 'paid' : 'twice';
    if (current?.status !== 'failed' || owner?.status !== 'confirmed') return 'late';
    await tx
      .update(bookingPayments)
      .set({ status: 'paid', paymentIntentId: intent.id, paidAt: now, lastError: null, payBy: null, claimedAt: null })
      .where(eq(bookingPayments.id, row.id));
    await postPayment(tx, intent.id, now);
    await keepCard(tx, booking, remote);
    const queued = await enqueueInstallmentPaid(tx, booking, {
      seq: row.seq,
      count: await installmentCount(tx, booking.id),
      amountCents: row.amountCents,
      paymentIntentId: intent.id,
    });
    return queued ? 'paid-emailed' : 'paid';
  });
  if (settled === 'paid-emailed') deps.onEmailQueued?.();
  if (settled === 'paid' || settled === 'paid-emailed') return { status: 'paid' };
  // Paid after the booking was cancelled (or paid twice from two tabs): it goes back in full.
  const refunded = await issueRefund(
    deps,
    {
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      reason: 'installment_not_needed',
      idempotencyKey: `installment-late-${intent.id}`,
    },
    {
      onRecorded: async (tx) => {
        await tx
          .update(paymentIntents)
          .set({ status: 'refunded', updatedAt: sql`now()` })
          .where(eq(paymentIntents.id, intent.id));
      },
    },
  );
  if (refunded.status === 'failed') throw refunded.error;
  return settled === 'twice' ? { status: 'paid' } : { status: 'conflict', message: guestPaymentMessages.refundedLate };
}

export async function startDepositAuthorization(
  deps: BookingDeps,
  booking: BookingRow,
  now: Date,
): Promise<GuestPaymentOutcome> {
  const [deposit] = await deps.db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id));
  if (!deposit) return { status: 'not_found' };
  if (booking.status !== 'confirmed') return { status: 'conflict', message: guestPaymentMessages.cancelled };
  // Past its release (2 days after check-out) no hold is needed any more; the scheduler settles the row.
  if (deposit.status !== 'failed' || now.getTime() >= deposit.releaseAt.getTime()) {
    return { status: 'conflict', message: guestPaymentMessages.depositNotNeeded };
  }
  const created = await createOrNull(deps, {
    amount: deposit.amountCents,
    currency: booking.currency,
    description: `Security deposit for booking ${booking.code}`,
    metadata: { booking_id: booking.id, booking_code: booking.code, deposit: 'hold' },
    idempotencyKey: `deposit-${booking.id}-guest-${deposit.step}`,
    saveCard: savedCardHolder(booking),
    captureMethod: 'manual',
  });
  if (!created) return { status: 'unavailable', message: guestPaymentMessages.unavailable };
  await recordGuestIntent(deps, booking, created, 'deposit', deposit.amountCents, booking.id);
  return { status: 'ok', payment: paymentOf(deps, created, deposit.amountCents, booking.currency) };
}

export async function confirmDepositAuthorization(
  deps: BookingDeps,
  booking: BookingRow,
  paymentIntentId: string,
  now: Date,
): Promise<GuestPaymentConfirmOutcome> {
  const { db, payments } = deps;
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.id, paymentIntentId),
        eq(paymentIntents.bookingId, booking.id),
        eq(paymentIntents.purpose, 'deposit'),
      ),
    );
  const [deposit] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id));
  if (!intent || !deposit || intent.clientReference !== paysFor('deposit', booking.id)) return { status: 'not_found' };
  if (deposit.holdIntentId === intent.id) return { status: 'paid' };
  const remote = await payments.retrieveIntent(intent.id);
  if (!remote) return { status: 'not_found' };
  if (remote.status !== 'requires_capture') {
    return { status: 'not_paid', message: intent.lastError ?? guestPaymentMessages.notPaid };
  }
  const placed = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.bookingId, booking.id))
      .for('update');
    await tx
      .update(paymentIntents)
      .set({ status: 'requires_capture', updatedAt: sql`now()` })
      .where(eq(paymentIntents.id, intent.id));
    if (!current || current.status !== 'failed' || booking.status !== 'confirmed') return false;
    await tx
      .update(bookingDeposits)
      .set({
        status: 'held',
        // A hold placed earlier that failed to renew is released by the scheduler once this one is in.
        previousHoldIntentId: current.holdIntentId,
        holdIntentId: intent.id,
        heldAt: now,
        holdCount: current.holdCount + 1,
        step: current.step + 1,
        lastError: null,
        // Held again: the scheduler's tries stop, and a later renewal starts its own count.
        holdRetries: 0,
        claimedAt: null,
      })
      .where(eq(bookingDeposits.bookingId, booking.id));
    await keepCard(tx, booking, remote);
    return true;
  });
  if (placed) return { status: 'paid' };
  // Not needed any more (authorised twice, or the booking was cancelled): let it go.
  await payments.cancelIntent(intent.id);
  await db
    .update(paymentIntents)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(eq(paymentIntents.id, intent.id));
  return { status: 'conflict', message: guestPaymentMessages.depositNotNeeded };
}

/**
 * The provider's webhook for a payment a guest made on the booking's page
 * (an installment, or the deposit's hold): confirmed as the page's own
 * confirm call would, so a guest whose tab closed after a 3-D Secure step is
 * still recorded. True when the intent was such a payment.
 */
export async function confirmGuestPaymentByIntent(
  deps: BookingDeps,
  paymentIntentId: string,
  now: Date,
): Promise<boolean> {
  const [intent] = await deps.db
    .select({
      purpose: paymentIntents.purpose,
      bookingId: paymentIntents.bookingId,
      clientReference: paymentIntents.clientReference,
    })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, paymentIntentId));
  if (!intent || (intent.purpose !== 'installment' && intent.purpose !== 'deposit')) return false;
  // Charges the scheduler made while the guest was away are recorded by the scheduler.
  if (!intent.bookingId || !intent.clientReference) return true;
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, intent.bookingId));
  if (!booking) return true;
  if (intent.purpose === 'deposit') {
    await confirmDepositAuthorization(deps, booking, paymentIntentId, now);
    return true;
  }
  const rowId = intent.clientReference.slice('installment:'.length);
  const [row] = await deps.db
    .select({ seq: bookingPayments.seq })
    .from(bookingPayments)
    .where(eq(bookingPayments.id, rowId));
  if (row) await confirmInstallmentPayment(deps, booking, row.seq, paymentIntentId, now);
  return true;
}
