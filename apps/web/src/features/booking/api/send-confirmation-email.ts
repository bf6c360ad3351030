import { sendEmailResponseSchema } from '@sas/domain';
import { api } from '@/lib/api-client';

/** POST /api/booking/send-email/{paymentIntentId}: the first try (SPEC.md section 7). */
function sendBookingEmail(paymentIntentId: string) {
  return api.request(`/booking/send-email/${encodeURIComponent(paymentIntentId)}`, sendEmailResponseSchema, {
    method: 'POST',
    // SPEC.md section 7: "JSON content type, no body".
    jsonContentType: true,
  });
}

/** POST /api/email/send-manual: the second try, by booking code. */
function sendManualEmail(confirmationCode: string) {
  return api.request('/email/send-manual', sendEmailResponseSchema, { method: 'POST', body: { confirmationCode } });
}

/** POST /api/reservation/send-email/{bookingId}: the last fallback. */
function sendReservationEmail(bookingId: string) {
  return api.request(`/reservation/send-email/${encodeURIComponent(bookingId)}`, sendEmailResponseSchema, {
    method: 'POST',
    jsonContentType: true,
  });
}

export interface ConfirmationEmailInput {
  paymentIntentId: string;
  confirmationCode: string;
  bookingId: string;
}

/**
 * Asks for the booking's confirmation e-mail (SPEC.md section 4): three
 * endpoints in turn, a later one only when the one before failed. Failures
 * are logged as warnings only, since the booking itself is confirmed; the
 * result tells the page whether to say the e-mail may be delayed.
 */
export async function requestConfirmationEmail(input: ConfirmationEmailInput): Promise<boolean> {
  const attempts: [string, () => Promise<unknown>][] = [
    ['booking/send-email', () => sendBookingEmail(input.paymentIntentId)],
    ['email/send-manual', () => sendManualEmail(input.confirmationCode)],
    ['reservation/send-email', () => sendReservationEmail(input.bookingId)],
  ];
  for (const [name, attempt] of attempts) {
    try {
      await attempt();
      return true;
    } catch (error) {
      console.warn(`Confirmation e-mail request (${name}) failed`, error);
    }
  }
  return false;
}
