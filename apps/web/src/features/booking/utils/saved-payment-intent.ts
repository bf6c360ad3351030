// The payment intent opened for the current order, kept for the tab's
// session. Each intent holds the stay's nights, and the server refuses a
// second hold over them, so a reload at the payment step must pick up the
// intent it already has instead of asking for another.
import { createPaymentIntentResponseSchema, type CreatePaymentIntentResponse } from '@sas/domain';

const storageKey = 'sas:payment-intent';

/** Same order, same string: the object is built in one place with a fixed key order. */
function signatureOf(order: object): string {
  return JSON.stringify(order);
}

export function rememberPaymentIntent(order: object, intent: CreatePaymentIntentResponse): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ order: signatureOf(order), intent }));
  } catch {
    // Without storage a reload asks for a new intent; the server then says whether the nights are free.
  }
}

/** The saved intent for exactly this order while its hold lasts, else null. */
export function recallPaymentIntent(order: object): CreatePaymentIntentResponse | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    if (raw === null) return null;
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== 'object' || saved === null || !('order' in saved) || !('intent' in saved)) return null;
    if (saved.order !== signatureOf(order)) return null;
    const intent = createPaymentIntentResponseSchema.safeParse(saved.intent);
    if (!intent.success || !(Date.parse(intent.data.holdExpiresAt) > Date.now())) return null;
    return intent.data;
  } catch {
    return null;
  }
}

export function forgetPaymentIntent(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored.
  }
}
