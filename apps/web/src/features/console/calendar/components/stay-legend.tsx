import { calendarStayKinds } from '@sas/domain';
import { stayKinds } from '../stay-kinds';

/** What the letters and fills mean. */
export function StayLegend() {
  return (
    <ul className="calendar-legend" aria-label="Legend">
      {calendarStayKinds.map((kind) => (
        <li key={kind}>
          <span className={`stay-swatch stay--${kind}`} aria-hidden="true">
            {stayKinds[kind].letter}
          </span>
          {stayKinds[kind].label}
        </li>
      ))}
    </ul>
  );
}
