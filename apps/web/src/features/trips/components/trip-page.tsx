import { useEffect, useRef, useState } from 'react';
import { Link } from '@/components/link';
import {
  formatDateRange,
  formatDollars,
  formatParty,
  pluralize,
  propertyPath,
  type TripCancelResponse,
  type TripDetail,
} from '@sas/domain';
import { isNotFound } from '@/lib/api-client';
import { useTrip } from '../api/get-trip';
import { useReturnedPayment } from '../api/returned-payment';
import { forgetTripToken } from '../api/trip-token';
import { AgreementSection } from './agreement-section';
import { CancelTripDialog } from './cancel-trip-dialog';
import { CancellationTimeline, formatInHomeTime } from './cancellation-timeline';
import { ConciergeSection } from './concierge-section';
import { DepositSection } from './deposit-section';
import { ScheduleSection } from './schedule-section';
import './trips.css';

const statusLabels: Record<TripDetail['status'], string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

function Money({ amount }: { amount: number }) {
  return <>{formatDollars(amount)}</>;
}

function TripBody({ trip, token }: { trip: TripDetail; token: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { property, timeZone } = trip;
  // The cancel's own answer shows at once, before the booking is fetched again.
  const [cancelledNow, setCancelledNow] = useState<TripCancelResponse | null>(null);
  const refundedAmount = trip.cancelled?.refundAmount ?? cancelledNow?.refundAmount ?? null;
  const status = refundedAmount === null ? trip.status : 'cancelled';

  return (
    <>
      <p ref={statusRef} tabIndex={-1} className="trip__status">
        Status: <span className={`trip-status trip-status--${status}`}>{statusLabels[status]}</span>
        {refundedAmount !== null && <> · {formatDollars(refundedAmount)} refunded</>}
      </p>

      <section aria-labelledby="trip-home" className="trip__section">
        <h2 id="trip-home">Your home</h2>
        <p>
          <Link to={propertyPath(property.slug)}>{property.name}</Link>
        </p>
        <dl className="trip__facts">
          {property.address && (
            <div>
              <dt>Address</dt>
              <dd>{property.address}</dd>
            </div>
          )}
          {property.checkInTime && (
            <div>
              <dt>Check-in time</dt>
              <dd>{property.checkInTime}</dd>
            </div>
          )}
          {property.instructions && (
            <div>
              <dt>Instructions</dt>
              <dd className="trip__instructions">{property.instructions}</dd>
            </div>
          )}
        </dl>
      </section>

      <section aria-labelledby="trip-stay" className="trip__section">
        <h2 id="trip-stay">Your stay</h2>
        <dl className="trip__facts">
          <div>
            <dt>Dates</dt>
            <dd>
              {formatDateRange(trip.checkIn, trip.checkOut)} ({pluralize(trip.nights, 'night')})
            </dd>
          </div>
          <div>
            <dt>Party</dt>
            <dd>{formatParty(trip.party)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="trip-price" className="trip__section">
        <h2 id="trip-price">Price</h2>
        <table className="trip__table">
          <tbody>
            {trip.priceLines.map((line, index) => (
              <tr key={`${line.label}-${index}`}>
                <th scope="row">{line.label}</th>
                <td>
                  <Money amount={line.amount} />
                </td>
              </tr>
            ))}
            <tr className="trip__total">
              <th scope="row">Total</th>
              <td>
                <Money amount={trip.totalAmount} />
              </td>
            </tr>
          </tbody>
        </table>
      </section>

      <section aria-labelledby="trip-add-ons" className="trip__section">
        <h2 id="trip-add-ons">Add-ons</h2>
        {trip.addOns.length === 0 ? (
          <p>No add-ons on this booking.</p>
        ) : (
          <ul className="trip__list">
            {trip.addOns.map((addOn, index) => (
              <li key={`${addOn.name}-${index}`}>
                {addOn.name}
                {addOn.option ? ` (${addOn.option})` : ''}
                {' · '}
                <Money amount={addOn.price} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConciergeSection trip={trip} token={token} cancelled={refundedAmount !== null} />

      <ScheduleSection trip={trip} token={token} cancelled={refundedAmount !== null} />

      <section aria-labelledby="trip-payments" className="trip__section">
        <h2 id="trip-payments">Payments and refunds</h2>
        {trip.payments.length === 0 && trip.refunds.length === 0 ? (
          <p>No payments recorded yet.</p>
        ) : (
          <ul className="trip__list">
            {trip.payments.map((payment, index) => (
              <li key={`payment-${index}`}>
                Paid <Money amount={payment.amount} /> on {formatInHomeTime(payment.at, timeZone)} ({payment.status})
              </li>
            ))}
            {trip.refunds.map((refund, index) => (
              <li key={`refund-${index}`}>
                Refunded <Money amount={refund.amount} /> on {formatInHomeTime(refund.at, timeZone)} ({refund.status})
              </li>
            ))}
          </ul>
        )}
      </section>

      <DepositSection trip={trip} token={token} cancelled={refundedAmount !== null} />

      <AgreementSection trip={trip} />

      {trip.cancellation !== null && refundedAmount === null && (
        <section aria-labelledby="trip-cancellation" className="trip__section">
          <h2 id="trip-cancellation">Cancellation</h2>
          <CancellationTimeline cancellation={trip.cancellation} timeZone={timeZone} />
          <p>
            Cancelling now refunds <strong>{formatDollars(trip.cancellation.refundAmount)}</strong>.
          </p>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            Cancel this booking
          </button>
          <CancelTripDialog
            code={trip.code}
            token={token}
            cancellation={trip.cancellation}
            open={confirming}
            onCancelled={setCancelledNow}
            onOpenChange={(open) => {
              setConfirming(open);
              // The button that opened the dialog is gone once the booking is cancelled: the status takes focus.
              if (!open) requestAnimationFrame(() => statusRef.current?.focus());
            }}
          />
        </section>
      )}
    </>
  );
}

/** One booking, opened by its guest (signed in) or by the e-mailed link's token. */
export function TripPage({ code, token }: { code: string; token: string | null }) {
  const trip = useTrip(code, token);
  useReturnedPayment(code, token);
  const refused = trip.isError && isNotFound(trip.error);

  useEffect(() => {
    // An expired or wrong link: a reload should not keep asking with it.
    if (refused) forgetTripToken(code);
  }, [refused, code]);

  return (
    <div className="page-container trip">
      <h1>Booking {code}</h1>
      {trip.isPending ? (
        <p role="status">Loading your booking…</p>
      ) : trip.isError ? (
        refused ? (
          <p role="alert" className="trip-error">
            We could not find this booking. The link may have expired: <Link to="/trips">find it again</Link> with its
            code and e-mail.
          </p>
        ) : (
          <div role="alert" className="trip-error">
            <p>We could not load this booking. {trip.error.message}</p>
            <button type="button" className="button button--secondary" onClick={() => void trip.refetch()}>
              Try again
            </button>
          </div>
        )
      ) : (
        <TripBody trip={trip.data} token={token} />
      )}
    </div>
  );
}
