import { useId } from 'react';
import { useHomeOptions } from '../../shared/api/get-home-options';
import { errorMessage } from '../../shared/format';

interface HomesPickerProps {
  legend: string;
  /** The ticked homes' UUIDs. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** An owner's homes as a list of checkboxes, from GET /api/admin/properties (an admin sees every home). */
export function HomesPicker({ legend, selected, onChange }: HomesPickerProps) {
  const homes = useHomeOptions();
  const idPrefix = useId();

  function toggle(id: string, on: boolean) {
    onChange(on ? [...selected, id] : selected.filter((chosen) => chosen !== id));
  }

  return (
    <fieldset className="accounts__homes">
      <legend>{legend}</legend>
      {homes.isPending && (
        <p role="status" className="console-muted">
          Loading homes…
        </p>
      )}
      {homes.isError && (
        <div role="alert" className="console-error">
          <p>We could not load the homes. {errorMessage(homes.error)}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void homes.refetch()}>
            Try again
          </button>
        </div>
      )}
      {homes.isSuccess && homes.data.length === 0 && <p className="console-muted">There are no homes yet.</p>}
      {homes.isSuccess && homes.data.length > 0 && (
        <ul className="accounts__home-list">
          {homes.data.map((home) => {
            const id = `${idPrefix}-${home.id}`;
            return (
              <li key={home.id}>
                <input
                  id={id}
                  type="checkbox"
                  checked={selected.includes(home.id)}
                  onChange={(event) => toggle(home.id, event.target.checked)}
                />
                <label htmlFor={id}>
                  {home.name} ({home.propertyId})
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
