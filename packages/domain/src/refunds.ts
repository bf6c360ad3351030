// Why money goes back to a guest: one closed vocabulary, recorded with every
// refund (payment_refunds.reason) and sent to the processor with it. Every
// refund is issued by one function (apps/server/src/services/refunds).

export const refundReasons = [
  /** The paid nights were taken by another guest while the payment went through: all of it. */
  'dates_no_longer_available',
  /** The booking was cancelled: what the cancellation decided, across the charges paid. */
  'cancellation',
  /** A concierge service was cancelled, or its booking was: all of it. */
  'concierge_cancellation',
  /** An installment paid after its booking was cancelled, or paid twice: all of it. */
  'installment_not_needed',
  /** The deposit's $2 card check, given back on the scheduler's next step. */
  'validation',
] as const;

export type RefundReason = (typeof refundReasons)[number];
