import { addDays, formatLongDate, weekdayOf, type AdminCalendarStay } from '@sas/domain';
import { describeStay, stayKinds, staysOn } from '../stay-kinds';

export interface NightSelection {
  /** The first night chosen. */
  start: string | null;
  /** The last night chosen (inclusive); null while the second click is awaited. */
  end: string | null;
}

interface MonthGridProps {
  /** YYYY-MM */
  month: string;
  caption: string;
  today: string;
  stays: AdminCalendarStay[];
  selection: NightSelection;
  onChoose: (date: string) => void;
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The month's dates in weeks from Sunday, with null for the days around it. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const days: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let date = first; date.startsWith(month); date = addDays(date, 1)) days.push(date);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

export function isSelected(selection: NightSelection, date: string): boolean {
  if (selection.start === null) return false;
  const end = selection.end ?? selection.start;
  return selection.start <= date && date <= end;
}

/**
 * One home's month, a night per button: what takes it reads as text, and its
 * fill differs by kind. Choosing two nights (click, or Tab and Enter) marks
 * the nights from the first to the second for a block.
 */
export function MonthGrid({ month, caption, today, stays, selection, onChoose }: MonthGridProps) {
  return (
    <table className="month-grid">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {weekdayNames.map((day) => (
            <th key={day} scope="col">
              <abbr title={day}>{day.slice(0, 3)}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week, index) => (
          <tr key={index}>
            {week.map((date, day) => {
              if (date === null) return <td key={`empty-${day}`} />;
              const taken = staysOn(stays, date);
              const selected = isSelected(selection, date);
              return (
                <td key={date}>
                  <button
                    type="button"
                    className={`month-grid__day${date === today ? ' month-grid__day--today' : ''}`}
                    aria-pressed={selected}
                    onClick={() => onChoose(date)}
                  >
                    <span className="month-grid__num" aria-hidden="true">
                      {Number(date.slice(8))}
                    </span>
                    <span className="visually-hidden">
                      {formatLongDate(date)}
                      {date === today && ', today'}
                      {taken.length === 0 ? ', free' : ':'}
                    </span>
                    {taken.map((stay) => (
                      <span key={stay.id} className={`month-grid__stay stay--${stay.kind}`}>
                        <span aria-hidden="true">{stayKinds[stay.kind].letter} </span>
                        {describeStay(stay)}
                      </span>
                    ))}
                    {selected && <span className="month-grid__selected-mark">Selected</span>}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
