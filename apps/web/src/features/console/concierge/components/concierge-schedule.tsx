import { useState } from 'react';
import { formatDateWithWeekday, localToday, type ConciergeScheduleEntry } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { ScheduleControls } from '../../shared/components/schedule-controls';
import { TableRegion } from '../../shared/components/table-region';
import { useConciergeSchedule } from '../api/get-concierge-schedule';
import './concierge.css';

const spans = [
  { days: 1, label: 'One day' },
  { days: 7, label: 'A week' },
  { days: 14, label: 'Two weeks' },
  { days: 31, label: 'A month' },
];

function byDay(entries: ConciergeScheduleEntry[]): [string, ConciergeScheduleEntry[]][] {
  const days = new Map<string, ConciergeScheduleEntry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return [...days.entries()];
}

/** Every booked service by day and time across homes, for the people who deliver them; printable. */
export function ConciergeScheduleView() {
  const [from, setFrom] = useState(() => localToday());
  const [days, setDays] = useState(7);
  const schedule = useConciergeSchedule(from, days);

  return (
    <div className="concierge-schedule">
      <ScheduleControls
        className="concierge-schedule__controls"
        from={from}
        onFromChange={setFrom}
        days={days}
        onDaysChange={setDays}
        spans={spans}
        printLabel="Print"
      />
      <QueryState query={schedule} loading="Loading the concierge schedule…">
        {(data) =>
          data.entries.length === 0 ? (
            <p className="console-muted">
              No services booked from {formatDateWithWeekday(data.from)} to {formatDateWithWeekday(data.to)}.
            </p>
          ) : (
            byDay(data.entries).map(([day, entries]) => (
              <TableRegion key={day} label={`Services on ${formatDateWithWeekday(day)}`}>
                <table className="console-table">
                  <caption>{formatDateWithWeekday(day)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Service</th>
                      <th scope="col">Home</th>
                      <th scope="col">Booking</th>
                      <th scope="col">Guest</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>{entry.time}</td>
                        <th scope="row">
                          {entry.service}
                          {entry.option ? ` (${entry.option})` : ''}
                          {entry.withStay && <span className="console-muted"> · with the stay</span>}
                        </th>
                        <td>
                          {entry.home.name}, {entry.home.city}
                        </td>
                        <td>{entry.booking.code}</td>
                        <td>
                          {entry.booking.guest ?? 'Guest'} · party of {entry.booking.party}
                          {entry.booking.phone && (
                            <>
                              {' · '}
                              <a href={`tel:${entry.booking.phone}`}>{entry.booking.phone}</a>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            ))
          )
        }
      </QueryState>
    </div>
  );
}
