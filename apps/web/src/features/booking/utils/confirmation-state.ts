import { z } from 'zod';
import {
  bookingConfirmationSchema,
  plannedPaymentSchema,
  type BookingConfirmation,
  type PlannedPaymentDto,
} from '@sas/domain';

/**
 * What the confirmation page shows: the server's confirmation, or, when the
 * server could not be reached after a successful payment, the same fields
 * from the order (SPEC.md section 4: the guest still reaches the page).
 */
export type BookingDetails = Omit<BookingConfirmation, 'status'>;

const bookingDetailsSchema = bookingConfirmationSchema.omit({ status: true });

/** Navigation state of /booking-confirmation (SPEC.md sections 2 and 4). */
export interface BookingConfirmationState {
  booking: BookingDetails;
  status: 'paid';
  /** The confirmation e-mail could not be requested; the page says it may be delayed. */
  emailDelayed: boolean;
  /** What was charged now and what is charged later (dollars); one entry when paid in full. */
  schedule: PlannedPaymentDto[];
}

const scheduleSchema = z.array(plannedPaymentSchema);

/** The state if it is a booking confirmation, else null (a bookmark, a reload in another tab, anything else). */
export function readConfirmationState(state: unknown): BookingConfirmationState | null {
  if (typeof state !== 'object' || state === null || !('booking' in state)) return null;
  if (!('status' in state) || state.status !== 'paid') return null;
  const booking = bookingDetailsSchema.safeParse(state.booking);
  if (!booking.success) return null;
  const schedule = scheduleSchema.safeParse('schedule' in state ? state.schedule : undefined);
  return {
    booking: booking.data,
    status: 'paid',
    emailDelayed: 'emailDelayed' in state && state.emailDelayed === true,
    schedule: schedule.success ? schedule.data : [],
  };
}
