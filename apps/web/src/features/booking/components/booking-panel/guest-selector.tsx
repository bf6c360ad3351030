import { useId } from 'react';
import { minGuests, pluralize } from '@sas/domain';
import type { StayGuests } from '../../utils/reservation-draft';

interface GuestSelectorProps {
  guests: StayGuests;
  maxGuests: number;
  petsAllowed: boolean;
  onChange: (guests: StayGuests) => void;
}

interface StepperProps {
  label: string;
  hint?: string;
  /** Singular and plural nouns for the button names: 'Add an adult', 'Remove a child'. */
  one: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

function Stepper({ label, hint, one, value, min, max, onChange }: StepperProps) {
  const id = useId();
  return (
    <div
      className="guest-stepper"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={hint === undefined ? undefined : `${id}-hint`}
    >
      <div className="guest-stepper__text">
        <span id={`${id}-label`} className="guest-stepper__label">
          {label}
        </span>
        {hint === undefined ? null : (
          <span id={`${id}-hint`} className="guest-stepper__hint">
            {hint}
          </span>
        )}
      </div>
      <div className="guest-stepper__controls">
        <button
          type="button"
          className="guest-stepper__button"
          aria-label={`Remove ${one}`}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        {/* Announced after each press, so a screen reader user hears the new count. */}
        <output className="guest-stepper__value" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className="guest-stepper__button"
          aria-label={`Add ${one}`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}

/**
 * Adults, children, infants and (where allowed) pets. The home's capacity
 * counts adults and children; infants sleep in a crib and do not count, the
 * same rule the server prices by.
 */
export function GuestSelector({ guests, maxGuests, petsAllowed, onChange }: GuestSelectorProps) {
  const seated = guests.adults + guests.children;
  const set = (change: Partial<StayGuests>) => onChange({ ...guests, ...change });

  return (
    <fieldset className="guest-selector">
      <legend className="guest-selector__legend">Guests</legend>
      <Stepper
        label="Adults"
        hint="Ages 13 or above"
        one="an adult"
        value={guests.adults}
        min={minGuests}
        max={guests.adults + Math.max(0, maxGuests - seated)}
        onChange={(adults) => set({ adults })}
      />
      <Stepper
        label="Children"
        hint="Ages 2 to 12"
        one="a child"
        value={guests.children}
        min={0}
        max={guests.children + Math.max(0, maxGuests - seated)}
        onChange={(children) => set({ children })}
      />
      <Stepper
        label="Infants"
        hint="Under 2, in a crib"
        one="an infant"
        value={guests.infants}
        min={0}
        // No rule limits cribs; the home's size keeps the number sensible.
        max={maxGuests}
        onChange={(infants) => set({ infants })}
      />
      {petsAllowed ? (
        <Stepper
          label="Pets"
          one="a pet"
          value={guests.pets}
          min={0}
          max={maxGuests}
          onChange={(pets) => set({ pets })}
        />
      ) : null}
      <p className="guest-selector__note">
        Sleeps up to {pluralize(maxGuests, 'guest')}, not counting infants.
        {petsAllowed ? null : ' Pets are not allowed at this home.'}
      </p>
    </fieldset>
  );
}
