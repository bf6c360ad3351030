import { addDays, formatDate, formatLongDate, weekdayOf, type AdminCalendar } from '@sas/domain';
import { describeStay, stayKinds, staysOn } from '../stay-kinds';

interface TimelineProps {
  calendar: AdminCalendar;
  /** Opens a home's month grid. */
  onOpenHome: (propertyId: string) => void;
}

const weekdayLetters = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** Every home, a column per night: the letter and fill say what takes it, the cell's hidden text says it in words. */
export function Timeline({ calendar, onOpenHome }: TimelineProps) {
  const dates: string[] = [];
  for (let date = calendar.from; date < calendar.to; date = addDays(date, 1)) dates.push(date);
  const weekend = (date: string) => [0, 6].includes(weekdayOf(date));

  if (calendar.homes.length === 0) return <p className="console-muted">No homes to show.</p>;

  return (
    <div className="timeline-wrap" role="region" aria-label="Timeline of every home" tabIndex={0}>
      <table className="timeline">
        <caption>
          Every home, {formatDate(calendar.from)} to {formatDate(addDays(calendar.to, -1))}
        </caption>
        <thead>
          <tr>
            <th scope="col">Home</th>
            {dates.map((date) => (
              <th key={date} scope="col" className={weekend(date) ? 'timeline__weekend' : undefined}>
                <span aria-hidden="true">
                  {weekdayLetters[weekdayOf(date)]}
                  <br />
                  {Number(date.slice(8))}
                </span>
                <span className="visually-hidden">{formatLongDate(date)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.homes.map((home) => (
            <tr key={home.id}>
              <th scope="row">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onOpenHome(home.propertyId)}
                >
                  {home.name}
                  <span className="visually-hidden">: open its month</span>
                </button>
              </th>
              {dates.map((date) => {
                const taken = staysOn(home.stays, date);
                const first = taken[0];
                return (
                  <td
                    key={date}
                    className={
                      first ? `timeline__cell stay--${first.kind}` : weekend(date) ? 'timeline__weekend' : undefined
                    }
                    title={taken.map(describeStay).join('; ') || undefined}
                  >
                    {taken.length > 0 && (
                      <>
                        <span aria-hidden="true">{taken.map((stay) => stayKinds[stay.kind].letter).join('')}</span>
                        <span className="visually-hidden">{taken.map(describeStay).join('; ')}</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
