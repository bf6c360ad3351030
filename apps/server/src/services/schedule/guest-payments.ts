// A guest pays a failed installment, or authorises the deposit again, from
// the booking's page with a card (on-session), through the same card forms
// as the booking steps.
import type { TripPaymentResponse } from '@sas/domain';
import type { BookingDeps, BookingRow } from '../booking/deps.js';

export type GuestPaymentOutcome =
  | { status: 'ok'; payment: TripPaymentResponse }
  /** 404: no such installment, or no deposit. */
  | { status: 'not_found' }
  /** 409: nothing to pay (already paid, booking cancelled, deposit held). */
  | { status: 'conflict'; message: string };

export type GuestPaymentConfirmOutcome =
  | { status: 'paid' }
  | { status: 'not_found' }
  /** 402: the provider says it is not paid (declined card): the message says why. */
  | { status: 'not_paid'; message: string }
  | { status: 'conflict'; message: string };

export async function startInstallmentPayment(
  deps: BookingDeps,
  booking: BookingRow,
  seq: number,
  now: Date,
): Promise<GuestPaymentOutcome> {
  void deps;
  void booking;
  void seq;
  void now;
  throw new Error('not implemented yet');
}

export async function confirmInstallmentPayment(
  deps: BookingDeps,
  booking: BookingRow,
  seq: number,
  paymentIntentId: string,
  now: Date,
): Promise<GuestPaymentConfirmOutcome> {
  void deps;
  void booking;
  void seq;
  void paymentIntentId;
  void now;
  throw new Error('not implemented yet');
}

export async function startDepositAuthorization(
  deps: BookingDeps,
  booking: BookingRow,
  now: Date,
): Promise<GuestPaymentOutcome> {
  void deps;
  void booking;
  void now;
  throw new Error('not implemented yet');
}

export async function confirmDepositAuthorization(
  deps: BookingDeps,
  booking: BookingRow,
  paymentIntentId: string,
  now: Date,
): Promise<GuestPaymentConfirmOutcome> {
  void deps;
  void booking;
  void paymentIntentId;
  void now;
  throw new Error('not implemented yet');
}
