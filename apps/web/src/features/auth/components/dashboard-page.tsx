import { Link } from '@/components/link';
import { formatDateRange, propertyPath, type AccountBooking } from '@sas/domain';
import { useAccountBookings } from '../api/get-account-bookings';
import { formatMoney } from '../utils/format';
import { securityPath, usesTwoStep } from '../utils/two-step';
import { useAuth } from './auth-provider';
import './auth.css';

const statusLabels: Record<AccountBooking['status'], string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

function BookingList() {
  const bookings = useAccountBookings();

  if (bookings.isPending) return <p role="status">Loading your stays...</p>;
  if (bookings.isError) {
    return (
      <div role="alert" className="auth-alert">
        <p>We could not load your stays. {bookings.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void bookings.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (bookings.data.length === 0) {
    return (
      <div className="dashboard__empty">
        <p>You have no stays booked yet. Your next getaway is a few clicks away.</p>
        <Link to="/search/results?category=all" className="button button--primary">
          Browse our homes
        </Link>
      </div>
    );
  }
  return (
    <ul className="dashboard__bookings">
      {bookings.data.map((booking) => (
        <li key={booking.id} className="dashboard__booking">
          <h3 className="dashboard__home">
            <Link to={propertyPath(booking.propertySlug)}>{booking.propertyName}</Link>
          </h3>
          <dl className="dashboard__facts">
            <div>
              <dt>Dates</dt>
              <dd>{formatDateRange(booking.checkIn, booking.checkOut)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <span className={`dashboard__status dashboard__status--${booking.status}`}>
                  {statusLabels[booking.status]}
                </span>
              </dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatMoney(booking.totalCents, booking.currency)}</dd>
            </div>
            <div>
              <dt>Confirmation</dt>
              <dd>{booking.confirmationCode}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in page social login lands on (SPEC.md section 7): who is signed in and their stays. */
export function DashboardPage() {
  const { user, logout } = useAuth();
  if (user === null) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className="page-container dashboard">
      <header className="dashboard__header">
        <div>
          <h1 className="dashboard__title">Welcome, {name === '' ? user.email : name}</h1>
          <p className="dashboard__email">{user.email}</p>
        </div>
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          Sign out
        </button>
      </header>
      {user.role === 'cleaner' && (
        <nav aria-label="Work" className="dashboard__work">
          <Link to="/tasks" className="button button--primary">
            My tasks
          </Link>
        </nav>
      )}
      {user.role !== 'guest' && user.role !== 'cleaner' && (
        <nav aria-label="Company" className="dashboard__work">
          <Link to="/admin" className="button button--primary">
            Console
          </Link>
          {usesTwoStep(user.role) && <Link to={securityPath}>Sign-in security</Link>}
        </nav>
      )}
      <section aria-labelledby="dashboard-stays">
        <h2 id="dashboard-stays">Your stays</h2>
        <p>
          <Link to="/trips">Manage your trips</Link>: see a booking's details or cancel it.
        </p>
        <BookingList />
      </section>
    </div>
  );
}
