// The money path (DESIGN.md, ADR 009), one concern per file: intents.ts
// prices a stay, holds its nights and creates the payment intent; confirm.ts
// turns a paid intent into a booking (browser, webhook or finalizer, in any
// order and at once: the intent's row lock and the unique payment_intent_id
// of bookings make all of them end in one booking); lost-nights.ts gives back
// a payment whose nights were lost; finalizer.ts completes what the browser
// did not; cancel.ts cancels a booking and refunds it. Every refund goes
// through services/refunds. Callers import from here.
export {
  createPaymentIntent,
  replaceableHolds,
  type CreateIntentOutcome,
  type CreateIntentRequest,
} from './intents.js';
export { confirmBooking, type ConfirmRequest } from './confirm.js';
export { confirmMessages, type ConfirmOutcome } from './outcomes.js';
export { finalizePaidIntents, type FinalizeResult } from './finalizer.js';
export {
  cancelBooking,
  issueCancellationRefund,
  policyRefund,
  amountPaidCents,
  retryCancellationRefunds,
  type CancelActor,
  type CancellationResult,
  type CancelOutcome,
  type CancelRequest,
  type RefundRequest,
} from './cancel.js';
