import { useId } from 'react';

export interface ScheduleSpan {
  days: number;
  label: string;
}

interface ScheduleControlsProps {
  className: string;
  from: string;
  onFromChange: (from: string) => void;
  days: number;
  onDaysChange: (days: number) => void;
  spans: readonly ScheduleSpan[];
  printLabel: string;
}

/**
 * The first day, how many days, and Print: the controls of the console's
 * printable schedules (the concierge schedule, the task board), hidden on paper
 * by each schedule's print CSS.
 */
export function ScheduleControls({
  className,
  from,
  onFromChange,
  days,
  onDaysChange,
  spans,
  printLabel,
}: ScheduleControlsProps) {
  const fromId = useId();
  const daysId = useId();
  return (
    <div className={className}>
      <div className="field">
        <label htmlFor={fromId}>From</label>
        <input
          id={fromId}
          type="date"
          value={from}
          required
          onChange={(e) => e.target.value && onFromChange(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={daysId}>Showing</label>
        <select id={daysId} value={days} onChange={(e) => onDaysChange(Number(e.target.value))}>
          {spans.map((span) => (
            <option key={span.days} value={span.days}>
              {span.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button button--secondary" onClick={() => window.print()}>
        {printLabel}
      </button>
    </div>
  );
}
