import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import {
  formatDateOrAsIs,
  formatDateWithWeekday,
  formatParty,
  formatUsd,
  toCents,
  type PlannedPaymentDto,
} from '@sas/domain';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useCompleteBooking } from '../hooks/use-complete-booking';
import { readConfirmationState, type BookingDetails } from '../utils/confirmation-state';
import { readDraft, type ReservationDraft } from '../utils/reservation-draft';
import { PaymentSchedule } from './payment-plan';
import './booking.css';

function PriceBreakdown({ booking, inInstallments }: { booking: BookingDetails; inInstallments: boolean }) {
  const lines = [
    { label: 'Stay', cents: toCents(booking.basePrice) },
    // Each discount on its own line (issue 26), taken off the stay.
    ...booking.discounts.map((line) => ({ label: line.name, cents: -toCents(line.amount) })),
    { label: 'Cleaning fee', cents: toCents(booking.fees) },
    { label: 'Taxes', cents: toCents(booking.taxes) },
    ...booking.addOns.map((addOn) => ({
      label: addOn.option ? `${addOn.name} (${addOn.option})` : addOn.name,
      cents: toCents(addOn.price),
    })),
  ];
  // What was charged, as the server recorded it.
  const total = toCents(booking.totalAmount);
  return (
    <table className="confirmation__prices">
      <caption className="confirmation__caption">Price breakdown</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td>{line.cents < 0 ? `−${formatUsd(-line.cents)}` : formatUsd(line.cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="confirmation__total">
          <th scope="row">{inInstallments ? 'Total' : 'Total paid'}</th>
          <td data-testid="confirmation-total">{formatUsd(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

interface ConfirmationProps {
  booking: BookingDetails;
  emailDelayed: boolean;
  schedule: readonly PlannedPaymentDto[];
}

function Confirmation({ booking, emailDelayed, schedule }: ConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inInstallments = schedule.length > 1;
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="page-container booking confirmation">
      <h1 ref={headingRef} tabIndex={-1} className="booking__title">
        Your stay is booked
      </h1>
      <p className="confirmation__lead">
        Thank you! We look forward to welcoming you at {booking.propertyName}.{' '}
        {emailDelayed
          ? 'Email notification may be delayed. Your booking is confirmed.'
          : `A confirmation e-mail is on its way to ${booking.email}.`}
      </p>
      <div className="confirmation__card">
        <dl className="confirmation__facts">
          <div>
            <dt>Confirmation code</dt>
            <dd data-testid="confirmation-code">{booking.confirmationCode}</dd>
          </div>
          <div>
            <dt>Booking ID</dt>
            <dd>{booking.bookingId}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{inInstallments ? `First of ${schedule.length} payments made` : 'Paid'}</dd>
          </div>
          <div>
            <dt>Home</dt>
            <dd>{booking.propertyName}</dd>
          </div>
          <div>
            <dt>Check-in</dt>
            <dd>{formatDateOrAsIs(booking.checkIn, formatDateWithWeekday)}</dd>
          </div>
          <div>
            <dt>Check-out</dt>
            <dd>{formatDateOrAsIs(booking.checkOut, formatDateWithWeekday)}</dd>
          </div>
          <div>
            <dt>Guests</dt>
            <dd>{formatParty(booking.guestCount)}</dd>
          </div>
        </dl>
        <PriceBreakdown booking={booking} inInstallments={inInstallments} />
        {inInstallments && (
          <div className="confirmation__schedule">
            <PaymentSchedule schedule={schedule} firstPaid />
            <p>
              The later payments are charged to the same card on their dates; we e-mail you if one does not go through.
            </p>
          </div>
        )}
      </div>
      <Link to="/" className="button button--primary">
        Back to the home page
      </Link>
    </div>
  );
}

/**
 * Stripe came back here after a redirect-based payment (3-D Secure, a bank
 * page): the page has no navigation state, so the post-payment steps run
 * here from the saved draft, then the page shows itself again with state.
 */
function FinishRedirectedPayment({ draft, paymentIntentId }: { draft: ReservationDraft; paymentIntentId: string }) {
  const { state, complete } = useCompleteBooking(draft);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void complete(paymentIntentId, null);
  }, [complete, paymentIntentId]);

  if (state.phase === 'not-booked') {
    return (
      <div className="page-container booking booking--empty">
        <h1 className="booking__title">Booking not completed</h1>
        <p className="error-box__message" role="alert">
          {state.message}
        </p>
      </div>
    );
  }
  return <LoadingOverlay label="Processing your reservation..." />;
}

/** /booking-confirmation (SPEC.md sections 2 and 3). */
export function BookingConfirmationPage() {
  const location = useLocation();
  const confirmation = readConfirmationState(location.state);

  if (confirmation !== null) {
    return (
      <Confirmation
        booking={confirmation.booking}
        emailDelayed={confirmation.emailDelayed}
        schedule={confirmation.schedule}
      />
    );
  }

  const params = new URLSearchParams(location.search);
  const paymentIntentId = params.get('payment_intent');
  const draft = readDraft();
  if (paymentIntentId !== null && params.get('redirect_status') === 'succeeded' && draft !== null) {
    return <FinishRedirectedPayment draft={draft} paymentIntentId={paymentIntentId} />;
  }

  return (
    <div className="page-container booking booking--empty">
      <h1 className="booking__title">Booking confirmation</h1>
      <p className="error-box__message" role="alert">
        Error: No booking data found
      </p>
      <Link to="/" className="button button--primary">
        Back to the home page
      </Link>
    </div>
  );
}
