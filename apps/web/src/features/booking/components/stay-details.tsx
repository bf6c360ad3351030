import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  addDays,
  formatDateOrAsIs,
  formatDateWithWeekday,
  formatParty,
  isIsoDate,
  pluralize,
  type QuoteResponse,
} from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { useRequote } from '../api/get-quote';
import type { ReservationDraft } from '../utils/reservation-draft';

type DateField = 'checkIn' | 'checkOut';

/** SPEC.md section 8: a 422 is a rule the guest can fix, shown as the server words it. */
export function quoteErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 422 ? error.message : 'Failed to get quote';
}

interface DateEditorProps {
  draft: ReservationDraft;
  focusField: DateField;
  onQuoted: (quote: QuoteResponse) => void;
  onCancel: () => void;
}

function DateEditor({ draft, focusField, onQuoted, onCancel }: DateEditorProps) {
  const [checkIn, setCheckIn] = useState(draft.stay.checkIn);
  const [checkOut, setCheckOut] = useState(draft.stay.checkOut);
  const checkInRef = useRef<HTMLInputElement>(null);
  const checkOutRef = useRef<HTMLInputElement>(null);
  const requote = useRequote();
  const errorId = 'stay-dates-error';
  const error = requote.isError ? quoteErrorMessage(requote.error) : null;

  useEffect(() => {
    (focusField === 'checkIn' ? checkInRef : checkOutRef).current?.focus();
  }, [focusField]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    requote.mutate(
      {
        propertyId: draft.home.id,
        stay: { checkIn, checkOut, guests: draft.stay.guests },
        reference: draft.reference,
        promoCode: draft.promoCode,
      },
      { onSuccess: onQuoted },
    );
  }

  const describedBy = error === null ? undefined : errorId;
  return (
    <form className="stay-dates-editor" aria-label="Change dates" onSubmit={handleSubmit}>
      <div className="stay-dates-editor__fields">
        <div className="field">
          <label htmlFor="stay-check-in">Check-in</label>
          <input
            ref={checkInRef}
            id="stay-check-in"
            type="date"
            required
            value={checkIn}
            aria-invalid={error !== null}
            aria-describedby={describedBy}
            onChange={(event) => setCheckIn(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="stay-check-out">Check-out</label>
          <input
            ref={checkOutRef}
            id="stay-check-out"
            type="date"
            required
            min={isIsoDate(checkIn) ? addDays(checkIn, 1) : undefined}
            value={checkOut}
            aria-invalid={error !== null}
            aria-describedby={describedBy}
            onChange={(event) => setCheckOut(event.target.value)}
          />
        </div>
      </div>
      {error !== null && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="stay-dates-editor__actions">
        <button type="submit" className="button button--primary" disabled={requote.isPending}>
          {requote.isPending ? 'Updating...' : 'Update dates'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface StayDetailsProps {
  draft: ReservationDraft;
  /** New dates, priced by the server. */
  onQuoted: (quote: QuoteResponse) => void;
}

/**
 * Step 1's summary of the stay. SPEC.md's Edit buttons were inert; ours open
 * an inline editor that asks the server for a new quote before anything
 * changes (docs/spec-deviations.md).
 */
export function StayDetails({ draft, onQuoted }: StayDetailsProps) {
  const [editing, setEditing] = useState<DateField | null>(null);
  const checkInButton = useRef<HTMLButtonElement>(null);
  const checkOutButton = useRef<HTMLButtonElement>(null);

  function close(field: DateField | null) {
    setEditing(null);
    // The editor holds focus and is about to go; give it back to the button that opened it.
    (field === 'checkOut' ? checkOutButton : checkInButton).current?.focus();
  }

  return (
    <section className="booking-card" aria-labelledby="stay-title">
      <h2 id="stay-title" className="booking-card__title">
        Your stay
      </h2>
      <dl className="stay-details">
        <div className="stay-details__row">
          <dt>Check-in</dt>
          <dd>
            {formatDateOrAsIs(draft.stay.checkIn, formatDateWithWeekday)}
            <button
              ref={checkInButton}
              type="button"
              className="stay-details__edit"
              aria-label="Edit check-in date"
              aria-expanded={editing !== null}
              onClick={() => setEditing('checkIn')}
            >
              Edit
            </button>
          </dd>
        </div>
        <div className="stay-details__row">
          <dt>Check-out</dt>
          <dd>
            {formatDateOrAsIs(draft.stay.checkOut, formatDateWithWeekday)}
            <button
              ref={checkOutButton}
              type="button"
              className="stay-details__edit"
              aria-label="Edit check-out date"
              aria-expanded={editing !== null}
              onClick={() => setEditing('checkOut')}
            >
              Edit
            </button>
          </dd>
        </div>
        <div className="stay-details__row">
          <dt>Length</dt>
          <dd>{pluralize(draft.quote.nights, 'night')}</dd>
        </div>
        <div className="stay-details__row">
          <dt>Guests</dt>
          <dd>{formatParty(draft.stay.guests)}</dd>
        </div>
      </dl>
      {editing !== null && (
        <DateEditor
          draft={draft}
          focusField={editing}
          onQuoted={(quote) => {
            onQuoted(quote);
            close(editing);
          }}
          onCancel={() => close(editing)}
        />
      )}
    </section>
  );
}
