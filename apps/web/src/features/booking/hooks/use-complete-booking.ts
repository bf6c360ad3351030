import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { bookingContactSchema, centsToDollars, planPayments, todayIn, toPlannedPaymentDtos } from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { confirmReservation, type BookingConfirmationPayload } from '../api/confirm-reservation';
import type { PaymentIntent } from '../api/create-payment-intent';
import { requestConfirmationEmail } from '../api/send-confirmation-email';
import type { BookingConfirmationState, BookingDetails } from '../utils/confirmation-state';
import {
  clearDraft,
  contactPayload,
  draftAmounts,
  effectivePaymentPlan,
  type ReservationDraft,
} from '../utils/reservation-draft';

/**
 * What the card was charged for and when the rest is due: the intent's own
 * breakdown and schedule, or the draft's prices and the same rule's schedule
 * when it is not at hand (back from a bank's page).
 */
type Charged = Pick<PaymentIntent, 'amount' | 'breakdown' | 'schedule'>;

function chargedFromDraft(draft: ReservationDraft): Charged {
  const amounts = draftAmounts(draft);
  const schedule = planPayments(
    effectivePaymentPlan(draft),
    amounts.total,
    todayIn(draft.home.timeZone),
    draft.stay.checkIn,
  );
  return {
    amount: schedule[0]?.amountCents ?? amounts.total,
    schedule: toPlannedPaymentDtos(schedule),
    breakdown: {
      ...draft.quote,
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

/**
 * SPEC.md's confirmation payload, as much of it as the server reads: the
 * payment intent and the contact. The stay and its price are the ones the
 * server recorded with the intent; the other fields stay accepted, not needed.
 */
export function confirmationPayload(draft: ReservationDraft, paymentIntentId: string): BookingConfirmationPayload {
  const contact = bookingContactSchema.safeParse(draft.contact);
  return {
    id: paymentIntentId,
    confirmationCode: paymentIntentId,
    paymentIntentId,
    ...contactPayload(contact.success ? contact.data : draft.contact, { optIns: false }),
  };
}

/** The page data when the server could not confirm: what was paid for, from the order. */
function unconfirmedBooking(draft: ReservationDraft, paymentIntentId: string, { breakdown }: Charged): BookingDetails {
  const { stay } = draft;
  return {
    bookingId: paymentIntentId,
    confirmationCode: paymentIntentId,
    propertyName: draft.home.name,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    // Not known to be blocked until the server confirms.
    datesBlocked: [],
    basePrice: breakdown.basePrice,
    discounts: breakdown.discounts,
    taxes: breakdown.taxes,
    taxLines: breakdown.taxLines,
    fees: breakdown.fees,
    addOns: breakdown.addOns.map(({ name, option, price }) => ({
      name,
      ...(option === undefined ? {} : { option }),
      price,
    })),
    guestCount: { adults: stay.guests.adults, children: stay.guests.children, pets: stay.guests.pets },
    // The stay's price; with installments only the first part of it was charged now.
    totalAmount: breakdown.total,
    email: draft.contact.email.trim(),
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
      const payload = confirmationPayload(draft, paymentIntentId);

      let booking: BookingDetails;
      let emailSent = false;
      const { schedule } = charged ?? chargedFromDraft(draft);
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
        booking = unconfirmedBooking(draft, paymentIntentId, charged ?? chargedFromDraft(draft));
      }

      clearDraft();
      const state: BookingConfirmationState = { booking, status: 'paid', emailDelayed: !emailSent, schedule };
      // Replaced, so Back from the confirmation does not return to a paid checkout.
      await navigate('/booking-confirmation', { replace: true, state });
    },
    [draft, navigate],
  );

  return { state, complete };
}
