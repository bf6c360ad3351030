import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { addDays, formatDateRange, nightsBetween, ownerBlockReason, pluralize } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { useCreateBlock } from '../api/create-block';
import type { NightSelection } from './month-grid';

interface BlockFormProps {
  homeId: string;
  homeName: string;
  selection: NightSelection;
  /** Owners block for their own stays only: the reason is fixed. */
  isOwner: boolean;
  onDone: (message: string) => void;
  onClear: () => void;
}

/** Blocks the chosen nights with a reason; a refusal (nights already taken) is shown as the server words it. */
export function BlockForm({ homeId, homeName, selection, isOwner, onDone, onClear }: BlockFormProps) {
  const [reason, setReason] = useState('');
  const createBlock = useCreateBlock();
  const reasonId = useId();
  const { start, end } = selection;
  const firstControl = useRef<HTMLInputElement & HTMLButtonElement>(null);

  // The last night chosen: the form is next, so a keyboard user need not travel back up to it.
  useEffect(() => {
    if (start !== null && end !== null) firstControl.current?.focus();
  }, [start, end]);

  if (start === null || end === null) return null;

  const checkIn = start;
  const checkOut = addDays(end, 1);
  const nights = nightsBetween(checkIn, checkOut);
  const range = `${formatDateRange(checkIn, checkOut)} (${pluralize(nights, 'night')})`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    createBlock.mutate(
      { homeId, checkIn, checkOut, reason: isOwner ? ownerBlockReason : reason },
      {
        onSuccess: () => {
          setReason('');
          onDone(`Blocked ${range} at ${homeName}.`);
        },
      },
    );
  }

  return (
    <form className="console-panel block-form" onSubmit={submit} aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`}>Block {range}</h2>
      <p className="console-muted">
        Check-in {formatDateRange(checkIn, checkIn)}, free again the morning of {formatDateRange(checkOut, checkOut)}.
      </p>
      {isOwner ? (
        <p>
          Reason: <strong>{ownerBlockReason}</strong>
        </p>
      ) : (
        <div className="console-field">
          <label htmlFor={reasonId}>Reason</label>
          <input
            ref={firstControl}
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            maxLength={200}
            placeholder="Maintenance"
          />
        </div>
      )}
      {createBlock.isError && (
        <p role="alert" className="console-error">
          {errorMessage(createBlock.error)}
        </p>
      )}
      <div className="console-button-row">
        <button
          ref={isOwner ? firstControl : undefined}
          type="submit"
          className="button button--primary"
          disabled={createBlock.isPending}
        >
          {createBlock.isPending ? 'Blocking…' : 'Block nights'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </form>
  );
}
