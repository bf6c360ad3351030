import { Link } from '@/components/link';
import { formatDateRange, formatDollars, pluralize, todayIn, type TripSummary } from '@sas/domain';
import { useSession } from '@/lib/session';
import { useTrips } from '../api/get-trips';
import { FindTripForm } from './find-trip-form';
import './trips.css';

const statusLabels: Record<TripSummary['status'], string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

function TripCard({ trip }: { trip: TripSummary }) {
  return (
    <li className="trips__trip">
      <h3 className="trips__home">
        <Link to={`/trips/${encodeURIComponent(trip.code)}`}>
          {trip.propertyName}
          <span className="visually-hidden">, booking {trip.code}</span>
        </Link>
      </h3>
      <p>
        {formatDateRange(trip.checkIn, trip.checkOut)} · {pluralize(trip.nights, 'night')} ·{' '}
        {pluralize(trip.guests, 'guest')} · {formatDollars(trip.totalAmount)} ·{' '}
        <span className={`trip-status trip-status--${trip.status}`}>{statusLabels[trip.status]}</span>
      </p>
      <p className="trips__code">Booking {trip.code}</p>
    </li>
  );
}

function TripGroup({ id, title, trips }: { id: string; title: string; trips: TripSummary[] }) {
  if (trips.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul className="trips__list">
        {trips.map((trip) => (
          <TripCard key={trip.code} trip={trip} />
        ))}
      </ul>
    </section>
  );
}

function MyTrips() {
  const trips = useTrips();
  if (trips.isPending) return <p role="status">Loading your trips…</p>;
  if (trips.isError) {
    return (
      <div role="alert" className="trip-error">
        <p>We could not load your trips. {trips.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void trips.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (trips.data.length === 0) return <p>You have no trips booked yet.</p>;
  // The server sends upcoming stays first; the split only labels them (a stay ends on its check-out day).
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const upcoming = trips.data.filter((trip) => trip.checkOut >= today);
  const past = trips.data.filter((trip) => trip.checkOut < today);
  return (
    <>
      <TripGroup id="trips-upcoming" title="Upcoming" trips={upcoming} />
      <TripGroup id="trips-past" title="Past" trips={past} />
    </>
  );
}

/** /trips: a signed-in guest's bookings, and for anyone a way to find one by its code and e-mail. */
export function TripsPage() {
  const session = useSession();
  return (
    <div className="page-container trips">
      <h1>My trips</h1>
      {session.user !== null && (
        <section aria-labelledby="trips-mine">
          <h2 id="trips-mine">Your bookings</h2>
          <MyTrips />
        </section>
      )}
      <FindTripForm />
    </div>
  );
}
