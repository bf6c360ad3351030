import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { centsToDollars, currency } from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { confirmReservation, type BookingConfirmationPayload } from '../api/confirm-reservation';
import type { PaymentIntent } from '../api/create-payment-intent';
import { requestConfirmationEmail } from '../api/send-confirmation-email';
import type { BookingConfirmationState, BookingDetails } from '../utils/confirmation-state';
import { clearDraft, draftAmounts, type ReservationDraft } from '../utils/reservation-draft';

/** What the card was charged for: the intent's own breakdown, or the draft's prices when it is not at hand. */
type Charged = Pick<PaymentIntent, 'amount' | 'breakdown'>;

function chargedFromDraft(draft: ReservationDraft): Charged {
  const amounts = draftAmounts(draft);
  return {
    amount: amounts.total,
    breakdown: {
      nights: draft.nights,
      basePrice: draft.basePrice,
      taxes: draft.taxes,
      fees: draft.fees,
      addOns: draft.addOns.map(({ id, name, option, price }) => ({
        id,
        name,
        ...(option === undefined ? {} : { option }),
        price: centsToDollars(price),
      })),
      total: centsToDollars(amounts.total),
    },
  };
}

export function confirmationPayload(
  draft: ReservationDraft,
  paymentIntentId: string,
  charged: Charged,
): BookingConfirmationPayload {
  const { breakdown } = charged;
  return {
    id: paymentIntentId,
    confirmationCode: paymentIntentId,
    propertyId: draft.propertyId,
    propertyName: draft.propertyName,
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    email: draft.email.trim(),
    phoneNumber: draft.phoneNumber.trim(),
    nights: breakdown.nights,
    adults: draft.guests.adults,
    children: draft.guests.children,
    pets: draft.guests.pets,
    basePrice: breakdown.basePrice,
    taxes: breakdown.taxes,
    fees: breakdown.fees,
    totalAmount: centsToDollars(charged.amount),
    paymentIntentId,
    currency,
    addOns: breakdown.addOns,
  };
}

/** The page data when the server could not confirm: what was paid for, from the payload. */
function unconfirmedBooking(payload: BookingConfirmationPayload): BookingDetails {
  return {
    bookingId: payload.paymentIntentId,
    confirmationCode: payload.confirmationCode,
    propertyName: payload.propertyName,
    checkIn: payload.checkIn,
    checkOut: payload.checkOut,
    // Not known to be blocked until the server confirms.
    datesBlocked: [],
    basePrice: payload.basePrice,
    taxes: payload.taxes,
    fees: payload.fees,
    addOns: payload.addOns.map(({ name, option, price }) => ({
      name,
      ...(option === undefined ? {} : { option }),
      price,
    })),
    guestCount: { adults: payload.adults, children: payload.children, pets: payload.pets },
    totalAmount: payload.totalAmount,
    email: payload.email,
  };
}

export type CompletionState =
  | { phase: 'idle' }
  | { phase: 'finishing' }
  /**
   * Paid, but the server cannot book it: the nights were lost (the payment
   * is refunded) or the payment is still processing. Its message says which.
   */
  | { phase: 'not-booked'; message: string };

/**
 * The post-payment steps of SPEC.md section 4, run once the provider says
 * the payment succeeded: confirm the reservation with the server (which also
 * blocks the nights: the browser no longer does), then, if it was
 * confirmed, ask for the confirmation e-mail. Failures are logged only and
 * the guest still reaches /booking-confirmation, except when the server
 * answers that the nights were lost and the payment refunded: telling that
 * guest their stay is booked would be false.
 */
export function useCompleteBooking(draft: ReservationDraft) {
  const navigate = useNavigate();
  const [state, setState] = useState<CompletionState>({ phase: 'idle' });

  const complete = useCallback(
    async (paymentIntentId: string, charged: Charged | null) => {
      setState({ phase: 'finishing' });
      const payload = confirmationPayload(draft, paymentIntentId, charged ?? chargedFromDraft(draft));

      let booking: BookingDetails;
      let emailSent = false;
      try {
        booking = await confirmReservation(payload);
        emailSent = await requestConfirmationEmail({
          paymentIntentId,
          confirmationCode: booking.confirmationCode,
          bookingId: booking.bookingId,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          setState({ phase: 'not-booked', message: error.message });
          clearDraft();
          return;
        }
        console.warn('Confirming the reservation failed after a successful payment', error);
        booking = unconfirmedBooking(payload);
      }

      clearDraft();
      const state: BookingConfirmationState = { booking, status: 'paid', emailDelayed: !emailSent };
      // Replaced, so Back from the confirmation does not return to a paid checkout.
      await navigate('/booking-confirmation', { replace: true, state });
    },
    [draft, navigate],
  );

  return { state, complete };
}
