import {
  addOnCatalogue,
  conciergeDays,
  conciergeRules,
  defaultServiceSchedule,
  formatDateWithWeekday,
  formatUsd,
  type AddOn,
  type SelectedAddOn,
} from '@sas/domain';

interface AddOnsSectionProps {
  selected: readonly SelectedAddOn[];
  /** The stay the services are for: their day is one of its days. */
  stay: { checkIn: string; checkOut: string };
  onChange: (selected: SelectedAddOn[]) => void;
}

function select(addOn: AddOn, option?: string): SelectedAddOn {
  const selected: SelectedAddOn = { id: addOn.id, name: addOn.name, price: addOn.price };
  return option === undefined ? selected : { ...selected, option };
}

/** The add-on's day and time: the guest's while it is a day of this stay, else the first full day's default. */
export function scheduleOf(addOn: SelectedAddOn, stay: { checkIn: string; checkOut: string }) {
  if (addOn.date && addOn.time && addOn.date >= stay.checkIn && addOn.date < stay.checkOut) {
    return { date: addOn.date, time: addOn.time };
  }
  return defaultServiceSchedule(addOn.id, stay.checkIn, stay.checkOut);
}

/**
 * Step 2's add-ons (SPEC.md sections 3 and 4): the six paid services. Ticking
 * adds one, unticking removes it; one with options shows them once ticked. An
 * option is pre-selected (the first) because the server refuses a
 * Housekeeping without one, and an unanswered radio group is easy to miss.
 */
export function AddOnsSection({ selected, stay, onChange }: AddOnsSectionProps) {
  const days = conciergeDays(stay.checkIn, stay.checkOut);
  const chosen = new Map(selected.map((addOn) => [addOn.id, addOn]));

  function toggle(addOn: AddOn, ticked: boolean) {
    if (!ticked) {
      onChange(selected.filter((s) => s.id !== addOn.id));
      return;
    }
    // Kept in catalogue order, so the summary lists add-ons the same way every time.
    const next = [...selected, select(addOn, addOn.options[0])];
    onChange(addOnCatalogue.flatMap((a) => next.filter((s) => s.id === a.id)));
  }

  function choose(addOn: AddOn, option: string) {
    onChange(selected.map((s) => (s.id === addOn.id ? { ...s, option } : s)));
  }

  function reschedule(addOn: AddOn, change: { date?: string; time?: string }) {
    onChange(selected.map((s) => (s.id === addOn.id ? { ...s, ...scheduleOf(s, stay), ...change } : s)));
  }

  return (
    <section className="booking-card" aria-labelledby="add-ons-title">
      <h2 id="add-ons-title" className="booking-card__title">
        Add-ons
      </h2>
      <fieldset className="add-ons">
        <legend className="add-ons__legend">Make your stay effortless with our concierge services.</legend>
        <p id="add-ons-local-time" className="add-ons__hint">
          Each service is booked for a day of your stay, at the home&apos;s local time.
        </p>
        <ul className="add-ons__list">
          {addOnCatalogue.map((addOn) => {
            const current = chosen.get(addOn.id);
            const inputId = `add-on-${addOn.id}`;
            return (
              <li key={addOn.id} className="add-ons__item">
                <div className="add-ons__choice">
                  <input
                    id={inputId}
                    type="checkbox"
                    checked={current !== undefined}
                    onChange={(event) => toggle(addOn, event.target.checked)}
                  />
                  <label htmlFor={inputId}>
                    <span className="add-ons__name">{addOn.name}</span>{' '}
                    <span className="add-ons__price">{formatUsd(addOn.price)}</span>
                  </label>
                </div>
                {current !== undefined && addOn.options.length > 0 && (
                  <fieldset className="add-ons__options">
                    <legend>{addOn.name} frequency</legend>
                    {addOn.options.map((option) => {
                      const optionId = `${inputId}-${option.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
                      return (
                        <div key={option} className="add-ons__option">
                          <input
                            id={optionId}
                            type="radio"
                            name={`${inputId}-option`}
                            value={option}
                            checked={current.option === option}
                            onChange={() => choose(addOn, option)}
                          />
                          <label htmlFor={optionId}>{option}</label>
                        </div>
                      );
                    })}
                  </fieldset>
                )}
                {current !== undefined && (
                  <div className="add-ons__when">
                    <div className="field">
                      <label htmlFor={`${inputId}-date`}>{addOn.name} day</label>
                      <select
                        id={`${inputId}-date`}
                        value={scheduleOf(current, stay).date}
                        onChange={(event) => reschedule(addOn, { date: event.target.value })}
                      >
                        {days.map((day) => (
                          <option key={day} value={day}>
                            {formatDateWithWeekday(day)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label htmlFor={`${inputId}-time`}>{addOn.name} time</label>
                      <input
                        id={`${inputId}-time`}
                        aria-describedby="add-ons-local-time"
                        type="time"
                        step={900}
                        required
                        {...(conciergeRules.daytimeAddOnIds.includes(addOn.id)
                          ? { min: conciergeRules.daytimeFrom, max: conciergeRules.daytimeUntil }
                          : {})}
                        value={scheduleOf(current, stay).time}
                        onChange={(event) => reschedule(addOn, { time: event.target.value })}
                      />
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </section>
  );
}
