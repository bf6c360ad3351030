// Staff capture part of a held deposit for a listed penalty or damage
// (POST /api/admin/reservations/{code}/deposit/capture); the rest of the hold
// is released by the processor. The deposit's row is claimed like the
// scheduler claims it, so a capture never races a renewal. The guest's e-mail
// links to the photos attached to the deposit by then.
import { bookingDeposits, paymentIntents, type Transaction } from '@sas/db';
import {
  captureReasonLabel,
  centsToDollars,
  formatUsd,
  penaltyOf,
  type DepositCaptureReason,
  type DepositCaptureResponse,
} from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { BookingDeps, BookingRow } from '../money-deps.js';
import { enqueueDepositNotice } from '../email/schedule-emails.js';
import { schedulerLeaseMs } from './scheduler.js';
import { postPayment } from '../ledger/post.js';

export interface CaptureRequest {
  amountCents: number;
  reason: DepositCaptureReason;
  note?: string | undefined;
  /** The console user capturing (null for the system). */
  userId: string | null;
  /** Runs in the transaction that records the capture (the console's audit entry). */
  onCaptured?: (tx: Transaction, result: DepositCaptureResponse) => Promise<void>;
}

export type CaptureOutcome =
  | { status: 'ok'; result: DepositCaptureResponse }
  /** 404: the booking has no deposit. */
  | { status: 'not_found' }
  /** 422: the amount breaks a rule (more than the hold, not the penalty's amount). */
  | { status: 'rejected'; message: string }
  /** 409: no hold to capture from (not held yet, released, captured already). */
  | { status: 'conflict'; message: string };

export const captureMessages = {
  busy: 'The deposit is being renewed right now. Please try again in a minute.',
  notHeld: (status: string) => `There is no deposit hold to capture from: the deposit is ${status}.`,
} as const;

function resultOf(booking: BookingRow, deposit: typeof bookingDeposits.$inferSelect): DepositCaptureResponse {
  const captured = deposit.capturedCents ?? 0;
  return {
    code: booking.code,
    captured: centsToDollars(captured),
    reason: (deposit.captureReason ?? 'damage') as DepositCaptureReason,
    released: centsToDollars(deposit.amountCents - captured),
    status: deposit.status,
  };
}

export async function captureDeposit(
  deps: BookingDeps,
  booking: BookingRow,
  request: CaptureRequest,
  now: Date,
): Promise<CaptureOutcome> {
  const { db, payments } = deps;
  const [deposit] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id));
  if (!deposit) return { status: 'not_found' };
  if (deposit.status !== 'held' || !deposit.holdIntentId) {
    return { status: 'conflict', message: captureMessages.notHeld(deposit.status) };
  }
  if (request.amountCents > deposit.amountCents) {
    return {
      status: 'rejected',
      message: `The capture cannot be more than the ${formatUsd(deposit.amountCents)} held.`,
    };
  }
  const penalty = penaltyOf(request.reason);
  if (penalty && request.amountCents !== Math.min(penalty.cents, deposit.amountCents)) {
    return {
      status: 'rejected',
      message: `${penalty.label} is ${formatUsd(Math.min(penalty.cents, deposit.amountCents))} (a listed penalty).`,
    };
  }

  // Claimed like the scheduler claims it: a renewal in progress is not raced.
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.bookingId, booking.id))
      .for('update');
    if (!row || row.status !== 'held' || !row.holdIntentId) return { kind: 'gone' as const, row };
    if (row.claimedAt && row.claimedAt.getTime() > now.getTime() - schedulerLeaseMs)
      return { kind: 'busy' as const, row };
    await tx.update(bookingDeposits).set({ claimedAt: now }).where(eq(bookingDeposits.bookingId, booking.id));
    return { kind: 'ok' as const, row };
  });
  if (claimed.kind === 'busy') return { status: 'conflict', message: captureMessages.busy };
  if (claimed.kind === 'gone' || !claimed.row.holdIntentId) {
    return { status: 'conflict', message: captureMessages.notHeld(claimed.row?.status ?? 'gone') };
  }
  const row = claimed.row;
  const holdIntentId = row.holdIntentId as string;
  try {
    await payments.capture({
      paymentIntentId: holdIntentId,
      amount: request.amountCents,
      idempotencyKey: `deposit-${booking.id}-capture-${row.step}`,
    });
  } catch (err) {
    await db.update(bookingDeposits).set({ claimedAt: null }).where(eq(bookingDeposits.bookingId, booking.id));
    throw err;
  }
  const note = request.note?.trim() || null;
  const settled = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookingDeposits)
      .set({
        status: 'captured',
        capturedCents: request.amountCents,
        captureReason: request.reason,
        captureNote: note,
        capturedBy: request.userId,
        settledAt: now,
        step: row.step + 1,
        claimedAt: null,
      })
      .where(and(eq(bookingDeposits.bookingId, booking.id), eq(bookingDeposits.step, row.step)))
      .returning();
    if (!updated) throw new Error(`The deposit of ${booking.code} changed while it was captured`);
    await tx
      .update(paymentIntents)
      .set({ status: 'succeeded', capturedCents: request.amountCents, updatedAt: sql`now()` })
      .where(eq(paymentIntents.id, holdIntentId));
    await postPayment(tx, holdIntentId, now);
    const result = resultOf(booking, updated);
    await request.onCaptured?.(tx, result);
    const queued = await enqueueDepositNotice(
      tx,
      booking,
      {
        kind: 'captured',
        amountCents: updated.amountCents,
        capturedCents: request.amountCents,
        reason: captureReasonLabel(request.reason).toLowerCase(),
        note,
        photoKeys: updated.evidence.map((photo) => photo.key),
      },
      { jwtSecret: deps.jwtSecret, publicUrl: deps.publicUrl },
    );
    return { result, queued };
  });
  if (settled.queued) deps.onEmailQueued?.();
  deps.log.info({ bookingId: booking.id, captured: request.amountCents, reason: request.reason }, 'deposit captured');
  return { status: 'ok', result: settled.result };
}
