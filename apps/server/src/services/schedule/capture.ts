// Staff capture part of a held deposit for a listed penalty or damage
// (POST /api/admin/reservations/{code}/deposit/capture); the rest is released.
import type { DepositCaptureReason, DepositCaptureResponse } from '@sas/domain';
import type { BookingDeps, BookingRow, Tx } from '../booking/deps.js';

export interface CaptureRequest {
  amountCents: number;
  reason: DepositCaptureReason;
  note?: string | undefined;
  /** The console user capturing. */
  userId: string;
  /** Runs in the transaction that records the capture (the console's audit entry). */
  onCaptured?: (tx: Tx, result: DepositCaptureResponse) => Promise<void>;
}

export type CaptureOutcome =
  | { status: 'ok'; result: DepositCaptureResponse }
  /** 404: the booking has no deposit. */
  | { status: 'not_found' }
  /** 422: the amount breaks a rule (more than the hold, not the penalty's amount). */
  | { status: 'rejected'; message: string }
  /** 409: no hold to capture from (not held yet, released, captured already). */
  | { status: 'conflict'; message: string };

export async function captureDeposit(
  deps: BookingDeps,
  booking: BookingRow,
  request: CaptureRequest,
  now: Date,
): Promise<CaptureOutcome> {
  void deps;
  void booking;
  void request;
  void now;
  throw new Error('not implemented yet');
}
