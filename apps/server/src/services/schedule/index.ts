// Money over time (issue 17, ADR 031): a booking's payment schedule, its
// security deposit and the payment scheduler that runs them. Routes call
// these; the scheduler is started by the payments plugin in every process.
export { bookingMoney, type BookingMoney } from './summary.js';
export {
  startInstallmentPayment,
  confirmInstallmentPayment,
  startDepositAuthorization,
  confirmDepositAuthorization,
  type GuestPaymentOutcome,
  type GuestPaymentConfirmOutcome,
} from './guest-payments.js';
export { captureDeposit, type CaptureRequest, type CaptureOutcome } from './capture.js';
export { runPaymentScheduler, type SchedulerResult } from './scheduler.js';
