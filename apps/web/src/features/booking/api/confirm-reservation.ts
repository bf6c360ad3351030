import {
  bookingConfirmationSchema,
  type BookingConfirmation,
  type BookingConfirmationPayload as DomainPayload,
} from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * SPEC.md section 3's booking confirmation payload, as far as the server
 * reads it (bookingConfirmationPayloadSchema): the payment intent and the
 * contact. The server still accepts every other field of the spec.
 */
export type BookingConfirmationPayload = Pick<
  DomainPayload,
  'id' | 'confirmationCode' | 'paymentIntentId' | 'firstName' | 'lastName' | 'email' | 'phoneNumber'
> & { paymentIntentId: string };

/**
 * POST /api/reservation/confirm: the server checks the payment with the
 * provider and turns the hold into a confirmed stay, idempotently; the stay
 * and prices are the ones it recorded with the intent, only the contact
 * details are taken from here. 409 when the nights were lost (the payment is
 * refunded) or the payment is still processing.
 */
export function confirmReservation(payload: BookingConfirmationPayload): Promise<BookingConfirmation> {
  return api.request('/reservation/confirm', bookingConfirmationSchema, { method: 'POST', body: payload });
}
