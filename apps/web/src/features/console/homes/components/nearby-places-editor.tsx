import { useState } from 'react';
import { rowKey, type NearbyPlaceDraft } from '../utils/home-draft';
import { InputField, TextAreaField } from './fields';

interface NearbyPlacesEditorProps {
  places: NearbyPlaceDraft[];
  onChange: (places: NearbyPlaceDraft[]) => void;
}

/** The places near a home, in the order the public page lists them; a place keeps its photo. */
export function NearbyPlacesEditor({ places, onChange }: NearbyPlacesEditorProps) {
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const update = (key: string, change: Partial<NearbyPlaceDraft>) =>
    onChange(places.map((p) => (p.key === key ? { ...p, ...change } : p)));

  return (
    <fieldset className="home-form__wide home-form__group">
      <legend>Nearby places</legend>
      {places.length === 0 && <p>No nearby places yet.</p>}
      <ol className="home-form__rows">
        {places.map((place, index) => {
          const label = `Place ${index + 1}`;
          return (
            <li key={place.key}>
              <fieldset className="home-form__category">
                <legend>{place.name.trim() === '' ? label : place.name}</legend>
                <InputField
                  label={`${label} name`}
                  value={place.name}
                  autoFocus={place.key === focusKey}
                  onChange={(event) => update(place.key, { name: event.target.value })}
                />
                <InputField
                  label={`${label} distance`}
                  hint="As guests read it, e.g. 0.4 mi"
                  value={place.distance}
                  onChange={(event) => update(place.key, { distance: event.target.value })}
                />
                <TextAreaField
                  className="home-form__wide"
                  label={`${label} description`}
                  value={place.description}
                  onChange={(event) => update(place.key, { description: event.target.value })}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onChange(places.filter((p) => p.key !== place.key))}
                >
                  Remove {place.name.trim() === '' ? label.toLowerCase() : place.name}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const row: NearbyPlaceDraft = { key: rowKey(), name: '', description: '', distance: '', photoKey: null };
          setFocusKey(row.key);
          onChange([...places, row]);
        }}
      >
        Add a nearby place
      </button>
    </fieldset>
  );
}
