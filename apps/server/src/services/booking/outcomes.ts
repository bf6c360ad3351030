// What confirming a payment answers, shared by confirmation and the refund of lost nights.
import type { BookingConfirmation } from '@sas/domain';

export type ConfirmOutcome =
  | { status: 'confirmed'; booking: BookingConfirmation; created: boolean }
  | { status: 'not_found' }
  /** 402: the guest has not paid (yet). */
  | { status: 'not_paid'; message: string }
  /** 409: paid, but no booking can be made (or not yet). */
  | { status: 'conflict'; message: string };

export const confirmMessages = {
  notFound: 'We could not find this payment. Please start your reservation again.',
  notPaid: 'This payment has not been completed.',
  processing: 'Your payment is still being processed. We will e-mail you as soon as it is confirmed.',
  mismatch: 'This payment does not match the reservation. Please call us so we can sort it out.',
  refundPending:
    'We could not keep these dates after your payment. It will be refunded in full, and we will e-mail you when it is done.',
} as const;
