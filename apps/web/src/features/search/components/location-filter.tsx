import { useId } from 'react';
import type { SearchLocation } from '@sas/domain';
import { searchLocationOptions } from '@/lib/search-locations';

interface LocationFilterProps {
  value: SearchLocation;
  onChange: (location: SearchLocation) => void;
}

/** All / Breckenridge / Michigan as one radio group: arrow keys move between them, as in any radio group. */
export function LocationFilter({ value, onChange }: LocationFilterProps) {
  const name = useId();
  return (
    <fieldset className="location-filter">
      <legend className="location-filter__legend">Location</legend>
      <div className="location-filter__options">
        {searchLocationOptions.map((option) => (
          <label key={option.value} className="location-filter__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
