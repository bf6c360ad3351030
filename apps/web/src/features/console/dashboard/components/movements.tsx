import { formatDayWithWeekday, pluralize, type AdminMovement } from '@sas/domain';
import { Link } from '@/components/link';

interface MovementsProps {
  title: string;
  movements: AdminMovement[];
  empty: string;
}

/** Arrivals or departures of the coming week, soonest first, each linked to its reservation. */
export function Movements({ title, movements, empty }: MovementsProps) {
  const headingId = `movements-${title.toLowerCase()}`;
  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {movements.length === 0 ? (
        <p className="console-muted">{empty}</p>
      ) : (
        <ul className="movements">
          {[...movements]
            .sort((a, b) => a.date.localeCompare(b.date))
            .map((movement) => (
              <li key={`${movement.code}-${movement.date}`} className="movements__item">
                <span className="movements__date">{formatDayWithWeekday(movement.date)}</span>
                <span>
                  <Link to={`/admin/reservations/${encodeURIComponent(movement.code)}`}>{movement.code}</Link>{' '}
                  {[movement.firstName, movement.lastName].filter(Boolean).join(' ')},{' '}
                  {pluralize(movement.guests, 'guest')}
                </span>
                <span className="console-muted">{movement.propertyName}</span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
