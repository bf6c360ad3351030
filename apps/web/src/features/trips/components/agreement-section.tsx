import { Link } from '@/components/link';
import { agePolicy, type TripDetail } from '@sas/domain';
import { formatInHomeTime } from './cancellation-timeline';

/** The rental agreement accepted with the booking (issue 17); nothing for bookings made before it was asked. */
export function AgreementSection({ trip }: { trip: TripDetail }) {
  const { agreement } = trip;
  if (agreement === null) return null;
  return (
    <section aria-labelledby="trip-agreement" className="trip__section">
      <h2 id="trip-agreement">Rental agreement</h2>
      <p>
        You accepted the rental agreement (version {agreement.version}) on{' '}
        {formatInHomeTime(agreement.acceptedAt, trip.timeZone)}.
        {agreement.over25 && ` You confirmed that the primary renter is over ${agePolicy.minimumBookingAge}.`}
      </p>
      <p>
        <Link to="/rental-agreement">Read the rental agreement</Link>
      </p>
    </section>
  );
}
