import { formatDateRange, type AdminCalendarConflict } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';

/**
 * Imported events that could not become blocks because our own booking, hold
 * or block holds their nights: our booking stands, and staff settle the
 * double booking with the channel.
 */
export function ConflictList({ homeName, conflicts }: { homeName: string; conflicts: AdminCalendarConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="calendar-conflicts-title" className="calendar__conflicts">
      <h2 id="calendar-conflicts-title" className="calendar__list-title">
        Conflicts with imported calendars
      </h2>
      <p className="console-muted">
        These nights are sold or blocked here and also taken on the channel. Our booking stands: settle each one with
        the channel.
      </p>
      <TableRegion label={`Imported events in conflict at ${homeName}`}>
        <table className="console-table">
          <caption className="visually-hidden">Imported events in conflict at {homeName}</caption>
          <thead>
            <tr>
              <th scope="col">Nights</th>
              <th scope="col">Feed</th>
              <th scope="col">Collides with</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((conflict) => (
              <tr key={`${conflict.feedId}:${conflict.uid}`}>
                <td>{formatDateRange(conflict.checkIn, conflict.checkOut)}</td>
                <td>{conflict.feedName}</td>
                <td>{conflict.conflictWith}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}
