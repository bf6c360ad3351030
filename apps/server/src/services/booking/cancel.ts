// Cancellation (issue 14 section 5; the guest's trip page of issue 16 calls
// it too): one transaction writes the booking's cancellation row (keyed by
// the booking, so the first request decides the refund and every repeat
// answers the same), marks the booking cancelled, frees its nights and queues
// the e-mails. The refund goes to the provider after the commit, under an
// idempotency key derived from the booking; a failed call leaves the row
// `refund_pending` and the finalizer tries again until it is `done`.
import {
  bookingCancellations,
  bookingPayments,
  bookings,
  lockHomeCalendar,
  properties,
  retryTransaction,
  stays,
  type RefundChoice,
  type Queryable,
  type Transaction,
} from '@sas/db';
import { refundPercent } from '@sas/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { enqueueCancellationNotices, loadEmailProperty } from '../email/booking-emails.js';
import { refundConciergeOfBooking } from '../concierge.js';
import { issueRefund, type RefundOrder } from '../refunds/issue-refund.js';
import type { BookingDeps, BookingRow } from '../money-deps.js';
import { cancelScheduledMessages, cancelledReasons } from '../messages/schedule.js';
import { planHomeTasks } from '../tasks/plan.js';

export type CancellationRow = typeof bookingCancellations.$inferSelect;

/** How the refund is chosen: the policy's tier now, all, nothing, or an amount in cents. */
export type RefundRequest = { choice: 'policy' | 'full' | 'none' } | { choice: 'amount'; cents: number };

export interface CancelActor {
  kind: 'guest' | 'staff' | 'system';
  /** The account cancelling; null for the system. */
  userId: string | null;
  /** Named in the company's notice. */
  label: string;
}

export interface CancelRequest {
  code: string;
  actor: CancelActor;
  refund: RefundRequest;
  /**
   * Runs in the cancellation's transaction, only when this request cancelled
   * the booking (the console's audit entry goes there).
   */
  onCancelled?: (tx: Transaction, booking: BookingRow, cancellation: CancellationRow) => Promise<void>;
}

export interface CancellationResult {
  code: string;
  bookingId: string;
  cancelledAt: Date;
  refundChoice: RefundChoice;
  refundCents: number;
  refundStatus: CancellationRow['status'];
}

export type CancelOutcome =
  | { status: 'cancelled'; result: CancellationResult; created: boolean }
  | { status: 'not_found' }
  /** 422: the amount asked cannot be refunded. */
  | { status: 'rejected'; message: string };

/**
 * What the policy refunds now, in cents (rounded down) and percent, of what
 * was paid: the whole total, or the installments paid so far (`paidCents`).
 */
export function policyRefund(
  booking: Pick<BookingRow, 'createdAt' | 'checkIn' | 'totalCents'>,
  timeZone: string,
  now: Date,
  paidCents: number = booking.totalCents,
): { percent: number; cents: number } {
  const percent = refundPercent(booking.createdAt, booking.checkIn, now, timeZone);
  return { percent, cents: Math.floor((paidCents * percent) / 100) };
}

/** The charges of the stay paid so far, in the order they were paid (the stay's own intent first). */
export async function paidCharges(
  db: Queryable,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId' | 'totalCents'>,
): Promise<{ seq: number; paymentIntentId: string; amountCents: number }[]> {
  const rows = await db
    .select({
      seq: bookingPayments.seq,
      paymentIntentId: bookingPayments.paymentIntentId,
      amountCents: bookingPayments.amountCents,
    })
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.status, 'paid')))
    .orderBy(asc(bookingPayments.seq));
  // Bookings made before schedules existed were paid in full by their intent.
  if (rows.length === 0) return [{ seq: 1, paymentIntentId: booking.paymentIntentId, amountCents: booking.totalCents }];
  return rows.flatMap((row) => (row.paymentIntentId ? [{ ...row, paymentIntentId: row.paymentIntentId }] : []));
}

/** What the guest has paid for the stay so far, in cents. */
export async function amountPaidCents(
  db: Queryable,
  booking: Pick<BookingRow, 'id' | 'paymentIntentId' | 'totalCents'>,
): Promise<number> {
  return (await paidCharges(db, booking)).reduce((sum, charge) => sum + charge.amountCents, 0);
}

function refundCentsFor(
  request: RefundRequest,
  booking: BookingRow,
  timeZone: string,
  now: Date,
  paidCents: number,
): number | { message: string } {
  switch (request.choice) {
    case 'none':
      return 0;
    case 'full':
      return paidCents;
    case 'policy':
      return policyRefund(booking, timeZone, now, paidCents).cents;
    case 'amount':
      if (!Number.isInteger(request.cents) || request.cents < 0 || request.cents > paidCents) {
        return {
          message: `The refund must be between $0 and what was paid ($${(paidCents / 100).toFixed(2)}).`,
        };
      }
      return request.cents;
  }
}

function resultOf(booking: BookingRow, cancellation: CancellationRow): CancellationResult {
  return {
    code: booking.code,
    bookingId: booking.id,
    cancelledAt: booking.cancelledAt ?? cancellation.createdAt,
    refundChoice: cancellation.refundChoice,
    refundCents: cancellation.refundCents,
    refundStatus: cancellation.status,
  };
}

export interface CancellationRecord {
  actor: Pick<CancelActor, 'kind' | 'userId'>;
  refundChoice: RefundChoice;
  /** Decided already: what the refund will be, in cents. */
  refundCents: number;
  now: Date;
}

/**
 * Records a cancellation in the caller's transaction, which holds the
 * booking's row lock: the cancellation row (its refund pending unless it is
 * nothing), the booking cancelled, its nights released, and its charges not
 * yet made waived. cancelBooking calls it; so does the demo history
 * (services/demo), which then refunds through issueCancellationRefund.
 */
export async function recordCancellation(
  tx: Transaction,
  booking: BookingRow,
  { actor, refundChoice, refundCents, now }: CancellationRecord,
): Promise<{ cancelled: BookingRow; cancellation: CancellationRow }> {
  // The booking's row, then the home's calendar: the order the booking path keeps too.
  await lockHomeCalendar(tx, booking.propertyId);
  const [cancellation] = await tx
    .insert(bookingCancellations)
    .values({
      bookingId: booking.id,
      cancelledBy: actor.userId,
      actor: actor.kind,
      refundChoice,
      refundCents,
      status: refundCents === 0 ? 'done' : 'refund_pending',
    })
    .returning();
  if (!cancellation) throw new Error('The cancellation was not inserted');
  const [cancelled] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  if (!cancelled) throw new Error('The booking vanished while being cancelled');
  // The nights are free for the next guest as soon as this commits.
  await tx.update(stays).set({ status: 'released' }).where(eq(stays.id, booking.stayId));
  // No guest message of its timeline goes any more (issue 28).
  await cancelScheduledMessages(tx, [booking.id], cancelledReasons.booking, now);
  // Nothing more is charged; the deposit's holds are released by the payment scheduler.
  await tx
    .update(bookingPayments)
    .set({ status: 'waived', claimedAt: null })
    .where(and(eq(bookingPayments.bookingId, booking.id), inArray(bookingPayments.status, ['scheduled', 'failed'])));
  return { cancelled, cancellation };
}

/**
 * Cancels a booking by its code. Idempotent: concurrent or repeated requests
 * wait on the booking's row lock and find the first one's cancellation, so
 * there is one refund, of the amount the first request chose. `now` decides
 * the policy's tier (injected by tests).
 */
export async function cancelBooking(deps: BookingDeps, request: CancelRequest, now: Date): Promise<CancelOutcome> {
  const { db } = deps;
  const [found] = await db
    .select({ id: bookings.id, propertyId: bookings.propertyId, timeZone: properties.timeZone })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.code, request.code.trim().toUpperCase()));
  if (!found) return { status: 'not_found' };
  const property = await loadEmailProperty(db, found.propertyId, deps.publicUrl);

  const settled = await retryTransaction(() =>
    db.transaction(async (tx): Promise<CancelOutcome & { emailQueued?: boolean }> => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update');
      if (!booking) return { status: 'not_found' };
      const [existing] = await tx
        .select()
        .from(bookingCancellations)
        .where(eq(bookingCancellations.bookingId, booking.id));
      if (existing) return { status: 'cancelled', result: resultOf(booking, existing), created: false };

      const refundCents = refundCentsFor(
        request.refund,
        booking,
        found.timeZone,
        now,
        await amountPaidCents(tx, booking),
      );
      if (typeof refundCents !== 'number') return { status: 'rejected', message: refundCents.message };

      const { cancelled, cancellation } = await recordCancellation(tx, booking, {
        actor: request.actor,
        refundChoice: request.refund.choice,
        refundCents,
        now,
      });
      // Its tasks are cancelled (their assignees told) and the previous stay's clean gets its new window.
      await planHomeTasks(tx, cancelled.propertyId, now, { publicUrl: deps.publicUrl });
      const emailQueued = await enqueueCancellationNotices(tx, cancelled, property, {
        refundCents,
        cancelledBy: request.actor.label,
        companyInbox: deps.companyInbox ?? null,
      });
      await request.onCancelled?.(tx, cancelled, cancellation);
      return { status: 'cancelled', result: resultOf(cancelled, cancellation), created: true, emailQueued };
    }),
  );
  if (settled.status !== 'cancelled') return settled;
  if (settled.emailQueued) deps.onEmailQueued?.();
  if (!settled.created) return { status: 'cancelled', result: settled.result, created: false };
  deps.log.info({ code: settled.result.code, refundCents: settled.result.refundCents }, 'booking cancelled');
  // Only the request that cancelled refunds; a repeat leaves a pending refund to the finalizer.
  const refundStatus =
    settled.result.refundStatus === 'refund_pending'
      ? await issueCancellationRefund(deps, settled.result.bookingId)
      : settled.result.refundStatus;
  await refundConciergeOfBooking(deps, settled.result.bookingId);
  return { status: 'cancelled', result: { ...settled.result, refundStatus }, created: true };
}

/**
 * Issues the refund a cancellation decided and records it. The idempotency
 * key makes a repeat (a retry after a lost answer, the finalizer racing the
 * request) the same refund at the provider.
 */
export async function issueCancellationRefund(
  deps: Pick<BookingDeps, 'db' | 'payments'> & { log: Pick<BookingDeps['log'], 'info' | 'error'> },
  bookingId: string,
): Promise<CancellationRow['status']> {
  const { db } = deps;
  const [row] = await db
    .select({ cancellation: bookingCancellations, booking: bookings })
    .from(bookingCancellations)
    .innerJoin(bookings, eq(bookings.id, bookingCancellations.bookingId))
    .where(eq(bookingCancellations.bookingId, bookingId));
  if (!row) throw new Error(`No cancellation for booking ${bookingId}`);
  const { cancellation, booking } = row;
  if (cancellation.status === 'done') return 'done';
  // Spread over the charges paid, first to last; each part has its own key, so a retry repeats the same refunds.
  let left = cancellation.refundCents;
  const parts: RefundOrder[] = [];
  for (const charge of await paidCharges(db, booking)) {
    if (left <= 0) break;
    const amountCents = Math.min(left, charge.amountCents);
    left -= amountCents;
    parts.push({
      paymentIntentId: charge.paymentIntentId,
      amountCents,
      reason: 'cancellation',
      idempotencyKey: charge.seq === 1 ? `cancel-${bookingId}` : `cancel-${bookingId}-${charge.seq}`,
    });
  }
  let lastRefundId: string | null = null;
  for (const part of parts) {
    const refunded = await issueRefund(deps, part);
    if (refunded.status === 'failed') {
      const err = refunded.error;
      deps.log.error({ err, bookingId }, 'cancellation refund failed; the finalizer will retry it');
      await db
        .update(bookingCancellations)
        .set({ lastError: err instanceof Error ? err.message.slice(0, 500) : 'refund failed' })
        .where(eq(bookingCancellations.bookingId, bookingId));
      return 'refund_pending';
    }
    lastRefundId = refunded.refund.id;
    deps.log.info({ bookingId, refundId: refunded.refund.id, amount: refunded.refund.amount }, 'cancellation refunded');
  }
  await db
    .update(bookingCancellations)
    .set({ status: 'done', refundId: lastRefundId, lastError: null })
    .where(eq(bookingCancellations.bookingId, bookingId));
  return 'done';
}

/**
 * The finalizer's share: cancellations whose refund is still pending after
 * `graceSeconds` (the cancelling request issues its own first) are refunded.
 */
export async function retryCancellationRefunds(
  deps: BookingDeps,
  { graceSeconds = 60, limit = 25 }: { graceSeconds?: number; limit?: number } = {},
): Promise<{ refunded: number; failed: number }> {
  const pending = await deps.db
    .select({ bookingId: bookingCancellations.bookingId })
    .from(bookingCancellations)
    .where(
      and(
        eq(bookingCancellations.status, 'refund_pending'),
        lte(bookingCancellations.createdAt, sql`now() - make_interval(secs => ${graceSeconds})`),
      ),
    )
    .orderBy(asc(bookingCancellations.createdAt))
    .limit(limit);
  const result = { refunded: 0, failed: 0 };
  for (const { bookingId } of pending) {
    try {
      if ((await issueCancellationRefund(deps, bookingId)) === 'done') result.refunded += 1;
      else result.failed += 1;
    } catch (err) {
      result.failed += 1;
      deps.log.error({ err, bookingId }, 'could not retry a cancellation refund');
    }
  }
  return result;
}
