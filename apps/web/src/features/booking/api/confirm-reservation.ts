import { bookingConfirmationSchema, type BookingConfirmation } from '@sas/domain';
import { api } from '@/lib/api-client';

/** SPEC.md section 3, "Booking confirmation payload", every field of it. Money in dollars. */
export interface BookingConfirmationPayload {
  /** The payment intent id, as are confirmationCode and paymentIntentId. */
  id: string;
  confirmationCode: string;
  propertyId: string;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  nights: number;
  adults: number;
  children: number;
  pets: number;
  basePrice: number;
  taxes: number;
  fees: number;
  totalAmount: number;
  paymentIntentId: string;
  currency: 'usd';
  addOns: { id: number; name: string; option?: string; price: number }[];
}

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
