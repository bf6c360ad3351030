// The payment scheduler (issue 17 item 4, ADR 031). Every server process runs
// it; each pass:
//   1. charges the installments due today (home's calendar) to the saved card;
//   2. cancels, under the cancellation tiers, bookings whose failed installment
//      was not paid within the 72-hour grace;
//   3. walks each security deposit: the $2 validation charge and its refund,
//      the first hold 7 days before check-in, a new hold every 4 days (placed
//      before the old one is released), the release 2 days after check-out;
//      a declined hold is tried again every 12 hours, up to 3 times and never
//      from check-in on, before the guest is asked (issue 29).
//
// A row is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, a lease
// in `claimed_at`), charged outside it, and the outcome recorded in another.
// The provider call's idempotency key is derived from the row and a counter
// that moves on only when an outcome is recorded: a process killed between
// the charge and its record leaves the claim to lapse, and the next pass asks
// the provider again under the same key, which answers the charge it made;
// so there is one charge and one record. `now` is injected (tests walk months
// in seconds); the server passes the wall clock.
import {
  bookingDeposits,
  bookingPayments,
  bookings,
  paymentIntents,
  properties,
  type Database,
  type Queryable,
  type Transaction,
} from '@sas/db';
import { addDays, depositHoldRenewalDays, depositPolicy, paymentPolicy, startOfDayIn, todayIn } from '@sas/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { sha256Hex } from '../../lib/tokens.js';
import { cancelBooking } from '../booking/cancel.js';
import type { BookingDeps, BookingRow } from '../money-deps.js';
import { enqueueDepositNotice, enqueueInstallmentFailed, enqueueInstallmentPaid } from '../email/schedule-emails.js';
import type { ProviderIntent, SavedCard } from '../payments/provider.js';
import { homeTimeZone } from '../property-ref.js';
import { issueRefund } from '../refunds/issue-refund.js';
import { postPayment } from '../ledger/post.js';

export interface SchedulerResult {
  charged: number;
  failed: number;
  cancelled: number;
  held: number;
  released: number;
}

export interface SchedulerOptions {
  /** A claim older than this is taken again (its process died). */
  leaseMs?: number;
  /** Rows handled per step and pass. */
  limit?: number;
  /** Test seam: runs after the provider answered and before the outcome is recorded. */
  afterProviderCall?: (what: string) => Promise<void> | void;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
export const schedulerLeaseMs = 5 * 60_000;

type PaymentRow = typeof bookingPayments.$inferSelect;
export type DepositRow = typeof bookingDeposits.$inferSelect;

export function savedCardOf(booking: Pick<BookingRow, 'customerId' | 'paymentMethodId'>): SavedCard | null {
  return booking.customerId && booking.paymentMethodId
    ? { customerId: booking.customerId, paymentMethodId: booking.paymentMethodId }
    : null;
}

/**
 * The payment_intents row of a charge that belongs to a booking (an
 * installment, the deposit's hold or its validation): the booking's stay for
 * reference, no price parts (the check allows it for these purposes).
 */
export function bookingIntentRow(
  deps: Pick<BookingDeps, 'payments'>,
  booking: BookingRow,
  intent: { id: string; status: ProviderIntent['status']; clientSecretHash: string },
  purpose: 'installment' | 'deposit' | 'validation',
  amountCents: number,
): typeof paymentIntents.$inferInsert {
  return {
    id: intent.id,
    provider: deps.payments.name,
    status: intent.status,
    amountCents,
    currency: booking.currency,
    clientSecretHash: intent.clientSecretHash,
    propertyId: booking.propertyId,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: booking.nights,
    guests: { adults: booking.adults, children: booking.children, infants: booking.infants, pets: booking.pets },
    addOns: [],
    baseCents: 0,
    feesCents: 0,
    taxesCents: 0,
    addOnsCents: 0,
    userId: booking.userId,
    purpose,
    bookingId: booking.id,
    captureMethod: purpose === 'deposit' ? 'manual' : 'automatic',
  };
}

/**
 * Records a charge made while the guest was away as a payment intent row.
 * `recordedAt` dates it in the demo history's past (ADR 040); a real charge
 * takes the database's clock.
 */
export async function recordBookingIntent(
  tx: Pick<Transaction, 'insert'>,
  deps: Pick<BookingDeps, 'payments'>,
  booking: BookingRow,
  intent: ProviderIntent,
  purpose: 'installment' | 'deposit' | 'validation',
  amountCents: number,
  recordedAt?: Date,
): Promise<void> {
  // No browser ever had a secret for it.
  const clientSecretHash = sha256Hex(`off-session:${intent.id}`);
  const row = bookingIntentRow(deps, booking, { ...intent, clientSecretHash }, purpose, amountCents);
  await tx
    .insert(paymentIntents)
    .values(recordedAt ? { ...row, createdAt: recordedAt, updatedAt: recordedAt } : row)
    .onConflictDoUpdate({ target: paymentIntents.id, set: { status: intent.status, updatedAt: sql`now()` } });
}

/** Records an installment the provider charged: its intent, and the schedule's row paid. */
export async function recordInstallmentPaid(
  tx: Transaction,
  deps: Pick<BookingDeps, 'payments'>,
  booking: BookingRow,
  row: Pick<PaymentRow, 'id' | 'amountCents'>,
  intent: ProviderIntent,
  now: Date,
  recordedAt?: Date,
): Promise<void> {
  await recordBookingIntent(tx, deps, booking, intent, 'installment', row.amountCents, recordedAt);
  await tx
    .update(bookingPayments)
    .set({ status: 'paid', paymentIntentId: intent.id, paidAt: now, claimedAt: null, lastError: null })
    .where(eq(bookingPayments.id, row.id));
  await postPayment(tx, intent.id, recordedAt ?? now);
}

function linkSettings(deps: BookingDeps) {
  return { jwtSecret: deps.jwtSecret, publicUrl: deps.publicUrl, companyInbox: deps.companyInbox };
}

async function loadBooking(db: Database | Transaction, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** Claims a row for this pass: unclaimed, or claimed longer ago than the lease (its process died). */
function claimable(
  claimedAt: typeof bookingPayments.claimedAt | typeof bookingDeposits.claimedAt,
  now: Date,
  leaseMs: number,
): SQL {
  return or(isNull(claimedAt), lt(claimedAt, new Date(now.getTime() - leaseMs))) as SQL;
}

// Installments ------------------------------------------------------------------

/** How many charges the booking's schedule has (for "payment 2 of 3"). */
export async function installmentCount(tx: Queryable, bookingId: string): Promise<number> {
  const rows = await tx
    .select({ seq: bookingPayments.seq })
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, bookingId));
  return rows.length;
}

async function claimInstallment(db: Database, id: string, now: Date, leaseMs: number): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bookingPayments)
      .where(
        and(
          eq(bookingPayments.id, id),
          eq(bookingPayments.status, 'scheduled'),
          claimable(bookingPayments.claimedAt, now, leaseMs),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return null;
    await tx.update(bookingPayments).set({ claimedAt: now }).where(eq(bookingPayments.id, id));
    return row;
  });
}

async function chargeInstallment(
  deps: BookingDeps,
  row: PaymentRow,
  now: Date,
  options: SchedulerOptions,
): Promise<'charged' | 'failed' | 'skipped'> {
  const booking = await loadBooking(deps.db, row.bookingId);
  if (!booking || booking.status !== 'confirmed') return 'skipped';
  const card = savedCardOf(booking);
  const outcome = card
    ? await deps.payments.chargeSavedCard({
        card,
        amount: row.amountCents,
        currency: booking.currency,
        description: `Installment ${row.seq} of booking ${booking.code}`,
        metadata: { booking_id: booking.id, booking_code: booking.code, installment: String(row.seq) },
        idempotencyKey: `installment-${row.id}-${row.attempt}`,
      })
    : ({ ok: false, intentId: null, code: 'no_card', message: 'No card is saved for this booking.' } as const);
  await options.afterProviderCall?.(`installment-${row.seq}`);
  const payBy = new Date(now.getTime() + paymentPolicy.missedPaymentGraceHours * hourMs);
  const emailQueued = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookingPayments).where(eq(bookingPayments.id, row.id)).for('update');
    // Recorded already (the lease lapsed and another pass recorded it), or the booking moved on.
    if (!current || current.status !== 'scheduled' || current.attempt !== row.attempt) return false;
    if (outcome.ok) {
      await recordInstallmentPaid(tx, deps, booking, row, outcome.intent, now);
      return enqueueInstallmentPaid(tx, booking, {
        seq: row.seq,
        count: await installmentCount(tx, booking.id),
        amountCents: row.amountCents,
        paymentIntentId: outcome.intent.id,
      });
    }
    await tx
      .update(bookingPayments)
      .set({
        status: 'failed',
        failedAt: now,
        payBy,
        lastError: outcome.message,
        attempt: row.attempt + 1,
        claimedAt: null,
      })
      .where(eq(bookingPayments.id, row.id));
    return enqueueInstallmentFailed(
      tx,
      booking,
      {
        seq: row.seq,
        amountCents: row.amountCents,
        attempt: row.attempt,
        payBy,
        message: outcome.message,
        timeZone: await homeTimeZone(tx, booking.propertyId),
      },
      linkSettings(deps),
    );
  });
  if (emailQueued) deps.onEmailQueued?.();
  deps.log.info({ bookingId: booking.id, seq: row.seq, ok: outcome.ok }, 'installment charged');
  return outcome.ok ? 'charged' : 'failed';
}

async function chargeDueInstallments(
  deps: BookingDeps,
  now: Date,
  options: Required<Pick<SchedulerOptions, 'leaseMs' | 'limit'>> & SchedulerOptions,
  result: SchedulerResult,
): Promise<void> {
  // Due dates are the home's calendar: read a day ahead in UTC, then ask each home's clock.
  const horizon = addDays(new Date(now.getTime()).toISOString().slice(0, 10), 1);
  const candidates = await deps.db
    .select({ id: bookingPayments.id, dueDate: bookingPayments.dueDate, timeZone: properties.timeZone })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookingPayments.status, 'scheduled'),
        eq(bookings.status, 'confirmed'),
        lte(bookingPayments.dueDate, horizon),
        claimable(bookingPayments.claimedAt, now, options.leaseMs),
      ),
    )
    .orderBy(asc(bookingPayments.dueDate))
    .limit(options.limit);
  for (const candidate of candidates) {
    if (candidate.dueDate > todayIn(candidate.timeZone, now)) continue;
    const row = await claimInstallment(deps.db, candidate.id, now, options.leaseMs);
    if (!row) continue;
    try {
      const outcome = await chargeInstallment(deps, row, now, options);
      if (outcome === 'charged') result.charged += 1;
      if (outcome === 'failed') result.failed += 1;
    } catch (err) {
      // The claim stays: the next pass after the lease asks the provider again under the same key.
      deps.log.error({ err, bookingPaymentId: row.id }, 'could not charge an installment');
    }
  }
}

/** Bookings whose failed installment was not paid within the grace: cancelled under the tiers. */
async function cancelUnpaid(deps: BookingDeps, now: Date, limit: number, result: SchedulerResult): Promise<void> {
  const overdue = await deps.db
    .selectDistinct({ code: bookings.code })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(and(eq(bookingPayments.status, 'failed'), lte(bookingPayments.payBy, now), eq(bookings.status, 'confirmed')))
    .limit(limit);
  for (const { code } of overdue) {
    const outcome = await cancelBooking(
      deps,
      {
        code,
        actor: {
          kind: 'system',
          userId: null,
          label: 'the payment scheduler: an installment was not paid within 72 hours',
        },
        refund: { choice: 'policy' },
      },
      now,
    );
    if (outcome.status === 'cancelled' && outcome.created) result.cancelled += 1;
  }
}

// Deposits ----------------------------------------------------------------------

async function claimDeposit(db: Database, bookingId: string, now: Date, leaseMs: number): Promise<DepositRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bookingDeposits)
      .where(and(eq(bookingDeposits.bookingId, bookingId), claimable(bookingDeposits.claimedAt, now, leaseMs)))
      .for('update', { skipLocked: true });
    if (!row) return null;
    await tx.update(bookingDeposits).set({ claimedAt: now }).where(eq(bookingDeposits.bookingId, bookingId));
    return row;
  });
}

/**
 * Updates the claimed deposit if it is still the row this pass read (same
 * step), and lets go of the claim. Answers the row as it is now, or null when
 * another pass had moved it on.
 */
async function settleDeposit(
  tx: Transaction,
  row: DepositRow,
  values: Partial<typeof bookingDeposits.$inferInsert>,
): Promise<DepositRow | null> {
  const [updated] = await tx
    .update(bookingDeposits)
    .set({ ...values, claimedAt: null })
    .where(and(eq(bookingDeposits.bookingId, row.bookingId), eq(bookingDeposits.step, row.step)))
    .returning();
  return updated ?? null;
}

/**
 * Records a deposit charge the provider made: the $2 validation, or a hold
 * (the first, or a renewal whose predecessor is then released). Answers
 * the deposit as it is now, or null when it had moved past the step this
 * charge was made for.
 */
export async function recordDepositCharge(
  tx: Transaction,
  deps: Pick<BookingDeps, 'payments'>,
  booking: BookingRow,
  row: DepositRow,
  action: 'validate' | 'hold' | 'renew',
  intent: ProviderIntent,
  now: Date,
  recordedAt?: Date,
): Promise<DepositRow | null> {
  const validation = action === 'validate';
  const amount = validation ? depositPolicy.validationChargeCents : row.amountCents;
  await recordBookingIntent(tx, deps, booking, intent, validation ? 'validation' : 'deposit', amount, recordedAt);
  if (validation) {
    // The card check is money taken (a hold is not): the ledger holds it until it is refunded.
    if (intent.status === 'succeeded') await postPayment(tx, intent.id, recordedAt ?? now);
    return settleDeposit(tx, row, { validationIntentId: intent.id, validationStatus: 'charged', step: row.step + 1 });
  }
  return settleDeposit(tx, row, {
    status: 'held',
    holdIntentId: intent.id,
    previousHoldIntentId: action === 'renew' ? row.holdIntentId : null,
    heldAt: now,
    holdCount: row.holdCount + 1,
    step: row.step + 1,
    lastError: null,
    holdRetries: 0,
  });
}

/** Records the deposit's validation charge refunded (the refund itself is issueRefund's). */
export function recordValidationRefunded(tx: Transaction, row: DepositRow): Promise<DepositRow | null> {
  return settleDeposit(tx, row, { validationStatus: 'refunded' });
}

/** Records the deposit's end once its holds are released: released after a hold, cancelled otherwise. */
export async function recordDepositEnd(
  tx: Transaction,
  row: DepositRow,
  status: 'released' | 'cancelled',
  now: Date,
): Promise<DepositRow | null> {
  return settleDeposit(tx, row, { status, previousHoldIntentId: null, settledAt: now, step: row.step + 1 });
}

/** Records that a renewed deposit's old hold is released. */
export async function recordPreviousHoldReleased(tx: Transaction, row: DepositRow): Promise<DepositRow | null> {
  return settleDeposit(tx, row, { previousHoldIntentId: null });
}

/** Releases a hold at the provider and records it canceled. */
export async function releaseHold(deps: Pick<BookingDeps, 'db' | 'payments'>, intentId: string): Promise<void> {
  const status = await deps.payments.cancelIntent(intentId);
  await deps.db
    .update(paymentIntents)
    .set({ status: status === 'canceled' || status === null ? 'canceled' : status, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, intentId), eq(paymentIntents.status, 'requires_capture')));
}

type DepositAction =
  'validate' | 'refund-validation' | 'hold' | 'renew' | 'release-previous' | 'release' | 'cancel' | 'ask-guest' | null;

/** A declined hold waiting for its next try (1..holdRetries declines in a row), not yet put to the guest. */
function awaitingRetry(row: DepositRow): boolean {
  return row.status === 'failed' && row.holdRetries > 0 && row.holdRetries <= depositPolicy.holdRetries;
}

function nextDepositAction(row: DepositRow, booking: BookingRow, now: Date, checkInAt: Date): DepositAction {
  const open = row.status === 'scheduled' || row.status === 'held' || row.status === 'failed';
  if (row.previousHoldIntentId) return 'release-previous';
  if (row.validationStatus === 'charged') return 'refund-validation';
  if (booking.status === 'cancelled') return open ? 'cancel' : null;
  if (!open) return null;
  if (now >= row.releaseAt) return 'release';
  if (awaitingRetry(row)) {
    // Check-in is the last moment to try: from then on the guest is asked.
    if (now >= checkInAt) return 'ask-guest';
    const due = (row.failedAt?.getTime() ?? 0) + depositPolicy.holdRetryHours * hourMs;
    if (now.getTime() >= due) return row.holdIntentId ? 'renew' : 'hold';
    return null;
  }
  if (row.validationStatus === 'pending' && row.status === 'scheduled') return 'validate';
  if (row.status === 'scheduled' && now >= row.holdFrom) return 'hold';
  if (row.status === 'held' && row.heldAt && now.getTime() >= row.heldAt.getTime() + depositHoldRenewalDays * dayMs) {
    return 'renew';
  }
  return null;
}

async function stepDeposit(
  deps: BookingDeps,
  row: DepositRow,
  booking: BookingRow,
  action: Exclude<DepositAction, null>,
  now: Date,
  options: SchedulerOptions,
  result: SchedulerResult,
  checkInAt: Date,
): Promise<void> {
  const { db, payments } = deps;
  const settings = linkSettings(deps);
  switch (action) {
    case 'ask-guest': {
      // The tries ran out at check-in: the guest is asked now, once.
      const queued = await db.transaction(async (tx) => {
        const settled = await settleDeposit(tx, row, { holdRetries: depositPolicy.holdRetries + 1 });
        return settled
          ? enqueueDepositNotice(
              tx,
              booking,
              {
                kind: 'failed',
                amountCents: row.amountCents,
                step: row.step,
                message: row.lastError ?? 'The card was declined.',
              },
              settings,
            )
          : false;
      });
      if (queued) deps.onEmailQueued?.();
      return;
    }
    case 'cancel':
    case 'release': {
      for (const id of [row.previousHoldIntentId, row.holdIntentId]) if (id) await releaseHold(deps, id);
      const status = action === 'cancel' || !row.holdIntentId ? 'cancelled' : 'released';
      const queued = await db.transaction(async (tx) => {
        if (!(await recordDepositEnd(tx, row, status, now))) return false;
        return status === 'released' && row.holdIntentId
          ? enqueueDepositNotice(tx, booking, { kind: 'released', amountCents: row.amountCents }, settings)
          : false;
      });
      if (queued) deps.onEmailQueued?.();
      result.released += 1;
      return;
    }
    case 'release-previous': {
      if (row.previousHoldIntentId) await releaseHold(deps, row.previousHoldIntentId);
      await db.transaction((tx) => recordPreviousHoldReleased(tx, row));
      return;
    }
    case 'refund-validation': {
      if (!row.validationIntentId) return;
      const refunded = await issueRefund(
        deps,
        {
          paymentIntentId: row.validationIntentId,
          amountCents: depositPolicy.validationChargeCents,
          reason: 'validation',
          idempotencyKey: `deposit-${row.bookingId}-validation-refund`,
        },
        {
          afterProviderCall: () => options.afterProviderCall?.('validation-refund'),
          onRecorded: async (tx) => {
            await recordValidationRefunded(tx, row);
          },
        },
      );
      // The claim stays until its lease lapses; the next pass asks again under the same key.
      if (refunded.status === 'failed') throw refunded.error;
      return;
    }
    case 'validate':
    case 'hold':
    case 'renew': {
      const card = savedCardOf(booking);
      const validation = action === 'validate';
      const amount = validation ? depositPolicy.validationChargeCents : row.amountCents;
      const outcome = card
        ? await payments.chargeSavedCard({
            card,
            amount,
            currency: booking.currency,
            description: validation
              ? `Card check for booking ${booking.code}`
              : `Security deposit for booking ${booking.code}`,
            metadata: {
              booking_id: booking.id,
              booking_code: booking.code,
              deposit: validation ? 'validation' : 'hold',
            },
            idempotencyKey: `deposit-${row.bookingId}-${validation ? 'validation' : 'hold'}-${row.step}`,
            captureMethod: validation ? 'automatic' : 'manual',
          })
        : ({ ok: false, intentId: null, code: 'no_card', message: 'No card is saved for this booking.' } as const);
      await options.afterProviderCall?.(`deposit-${action}`);
      const queued = await db.transaction(async (tx) => {
        if (!outcome.ok) {
          // A declined hold is tried again later (holdRetries), unless the tries are spent or check-in comes
          // first; only then is the guest asked. A declined card check is put to the guest at once.
          const declines = row.holdRetries + 1;
          const retry =
            !validation &&
            declines <= depositPolicy.holdRetries &&
            now.getTime() + depositPolicy.holdRetryHours * hourMs < checkInAt.getTime();
          const settled = await settleDeposit(tx, row, {
            status: 'failed',
            failedAt: now,
            lastError: outcome.message,
            step: row.step + 1,
            ...(validation
              ? { validationStatus: 'failed' as const }
              : { holdRetries: retry ? declines : depositPolicy.holdRetries + 1 }),
          });
          if (retry) return false;
          return settled
            ? enqueueDepositNotice(
                tx,
                booking,
                { kind: 'failed', amountCents: row.amountCents, step: row.step, message: outcome.message },
                settings,
              )
            : false;
        }
        const settled = await recordDepositCharge(tx, deps, booking, row, action, outcome.intent, now);
        if (validation) return false;
        return settled
          ? enqueueDepositNotice(
              tx,
              booking,
              { kind: 'held', amountCents: row.amountCents, holdCount: row.holdCount + 1, until: row.releaseAt },
              settings,
            )
          : false;
      });
      if (queued) deps.onEmailQueued?.();
      if (outcome.ok && !validation) result.held += 1;
      if (!outcome.ok) result.failed += 1;
      // A renewal's old hold goes once the new one is in place.
      if (outcome.ok && action === 'renew' && row.holdIntentId) {
        const [current] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, row.bookingId));
        if (current?.previousHoldIntentId) {
          await releaseHold(deps, current.previousHoldIntentId);
          await db.transaction((tx) => recordPreviousHoldReleased(tx, current));
        }
      }
      return;
    }
  }
}

async function walkDeposits(
  deps: BookingDeps,
  now: Date,
  options: Required<Pick<SchedulerOptions, 'leaseMs' | 'limit'>> & SchedulerOptions,
  result: SchedulerResult,
): Promise<void> {
  const candidates = await deps.db
    .select({ bookingId: bookingDeposits.bookingId })
    .from(bookingDeposits)
    .where(
      and(
        or(
          inArray(bookingDeposits.status, ['scheduled', 'held', 'failed']),
          eq(bookingDeposits.validationStatus, 'charged'),
          isNotNull(bookingDeposits.previousHoldIntentId),
        ),
        claimable(bookingDeposits.claimedAt, now, options.leaseMs),
      ),
    )
    .limit(options.limit * 4);
  for (const { bookingId } of candidates) {
    // Several steps may be due at once (a booking made 2 days before check-in): take them in turn.
    for (let steps = 0; steps < 6; steps++) {
      // The step is decided from the claimed row, never from an earlier read another process may have moved on.
      const row = await claimDeposit(deps.db, bookingId, now, options.leaseMs);
      if (!row) break;
      const booking = await loadBooking(deps.db, bookingId);
      const checkInAt = booking ? startOfDayIn(await homeTimeZone(deps.db, booking.propertyId), booking.checkIn) : now;
      const action = booking ? nextDepositAction(row, booking, now, checkInAt) : null;
      if (!booking || !action) {
        await deps.db.transaction((tx) => settleDeposit(tx, row, {}));
        break;
      }
      try {
        await stepDeposit(deps, row, booking, action, now, options, result, checkInAt);
      } catch (err) {
        // The claim stays until its lease lapses; the next pass asks the provider again under the same key.
        deps.log.error({ err, bookingId, action }, 'could not move a deposit on');
        break;
      }
      const [after] = await deps.db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId));
      if (after?.claimedAt) break;
    }
  }
}

/** One pass of the scheduler at `now`. */
export async function runPaymentScheduler(
  deps: BookingDeps,
  now: Date,
  options: SchedulerOptions = {},
): Promise<SchedulerResult> {
  const settings = { leaseMs: schedulerLeaseMs, limit: 25, ...options };
  const result: SchedulerResult = { charged: 0, failed: 0, cancelled: 0, held: 0, released: 0 };
  await chargeDueInstallments(deps, now, settings, result);
  await cancelUnpaid(deps, now, settings.limit, result);
  await walkDeposits(deps, now, settings, result);
  return result;
}
