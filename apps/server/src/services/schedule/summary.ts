// What a booking's page and its console page show of its money over time:
// the schedule's charges, the deposit and the accepted rental agreement.
import { bookingDeposits, bookingPayments, bookings, type Database } from '@sas/db';
import {
  captureReasonLabel,
  centsToDollars,
  depositCaptureReasons,
  type AgreementRecord,
  type DepositCaptureReason,
  type DepositSummary,
  type ScheduledPayment,
} from '@sas/domain';
import { asc, eq } from 'drizzle-orm';

export interface BookingMoney {
  schedule: ScheduledPayment[];
  deposit: DepositSummary;
  agreement: AgreementRecord | null;
}

/** The booking's schedule, deposit and agreement, for GET /api/trips/{code} and the console. */
export async function bookingMoney(db: Database, bookingId: string): Promise<BookingMoney> {
  const [booking] = await db.select({ agreement: bookings.agreement }).from(bookings).where(eq(bookings.id, bookingId));
  const rows = await db
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, bookingId))
    .orderBy(asc(bookingPayments.seq));
  const [deposit] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId));
  return {
    schedule: rows.map((row) => ({
      seq: row.seq,
      dueDate: row.dueDate,
      amount: centsToDollars(row.amountCents),
      status: row.status,
      paidAt: row.paidAt?.toISOString() ?? null,
      failureMessage: row.status === 'failed' ? (row.lastError ?? 'The payment did not go through.') : null,
      payBy: row.status === 'failed' ? (row.payBy?.toISOString() ?? null) : null,
    })),
    deposit: deposit ? depositSummary(deposit) : { amount: 0, status: 'none' },
    agreement: booking?.agreement ?? null,
  };
}

function isCaptureReason(value: string): value is DepositCaptureReason {
  return (depositCaptureReasons as readonly string[]).includes(value);
}

function depositSummary(row: typeof bookingDeposits.$inferSelect): DepositSummary {
  const summary: DepositSummary = { amount: centsToDollars(row.amountCents), status: row.status };
  if (row.status === 'held' && row.heldAt) {
    // A hold lasts until the next renewal, or until the release when that comes first.
    const renewal = row.heldAt.getTime() + 4 * 86_400_000;
    summary.heldUntil = new Date(Math.min(renewal, row.releaseAt.getTime())).toISOString();
  }
  if (row.status === 'scheduled') summary.holdFrom = row.holdFrom.toISOString();
  if (row.capturedCents) summary.capturedAmount = centsToDollars(row.capturedCents);
  if (row.captureReason && isCaptureReason(row.captureReason))
    summary.capturedFor = captureReasonLabel(row.captureReason);
  return summary;
}
