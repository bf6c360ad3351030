// The provider's webhook (ADR 009): which part of the money path a payment
// event is about. Above the booking, the concierge services and the payment
// schedule, so none of them needs to know the others' payments.
import { confirmBooking } from './booking/index.js';
import { confirmConciergeByIntent } from './concierge.js';
import type { BookingDeps } from './money-deps.js';
import type { PaymentWebhookEvent } from './payments/provider.js';
import { confirmGuestPaymentByIntent } from './schedule/guest-payments.js';

/** What a provider's webhook event leads to. Events about other payments are acknowledged and ignored. */
export async function handlePaymentEvent(deps: BookingDeps, event: PaymentWebhookEvent, now: Date): Promise<void> {
  if (!event.paymentIntentId) return;
  // A hold the guest authorised (the deposit) is ready once its amount can be captured.
  if (event.type === 'payment_intent.amount_capturable_updated') {
    await confirmGuestPaymentByIntent(deps, event.paymentIntentId, now);
    return;
  }
  if (event.type !== 'payment_intent.succeeded') return;
  if (await confirmConciergeByIntent(deps, event.paymentIntentId)) return;
  if (await confirmGuestPaymentByIntent(deps, event.paymentIntentId, now)) return;
  const outcome = await confirmBooking(deps, { paymentIntentId: event.paymentIntentId }, now);
  if (outcome.status === 'not_found') {
    deps.log.info({ eventId: event.id, paymentIntentId: event.paymentIntentId }, 'webhook for a payment not ours');
  }
}
