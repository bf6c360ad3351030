import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { AdminRates } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { useRates } from '../api/get-rates';
import { useSaveRates } from '../api/save-rates';
import {
  draftOfRates,
  emptySeason,
  ratesOf,
  type RatesDraft,
  type RatesErrors,
  type SeasonDraft,
} from '../utils/rates-draft';
import { RatesPreview } from './rates-preview';
import './rates.css';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
}

function Field({ id, label, value, onChange, error, hint, inputMode }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="console-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="rates-form__error">
          {error}
        </span>
      )}
    </div>
  );
}

const seasonColumns = [
  { field: 'name', label: 'Name' },
  { field: 'from', label: 'From (first night)' },
  { field: 'to', label: 'To (check-out day)' },
  { field: 'nightly', label: 'Nightly ($)' },
  { field: 'weekendNightly', label: 'Weekend nightly ($)' },
  { field: 'minStay', label: 'Minimum stay (nights)' },
] as const satisfies readonly { field: keyof Omit<SeasonDraft, 'key'>; label: string }[];

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

function RatesForm({ homeId, rates }: { homeId: string; rates: AdminRates | null }) {
  const [draft, setDraft] = useState<RatesDraft>(() => draftOfRates(rates));
  const [errors, setErrors] = useState<RatesErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [focusSeason, setFocusSeason] = useState<string | null>(null);
  const save = useSaveRates(homeId);

  const set = (change: Partial<RatesDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setOutcome(null);
  };
  const setSeason = (key: string, change: Partial<SeasonDraft>) =>
    set({ seasons: draft.seasons.map((s) => (s.key === key ? { ...s, ...change } : s)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { rates: parsed, errors: found } = ratesOf(draft);
    // Drawn at once so the first field to fix is marked and can take the focus.
    flushSync(() => setErrors(found));
    if (parsed === null) {
      setOutcome(null);
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    save.mutate(parsed, {
      onSuccess: (saved) => {
        setDraft(draftOfRates(saved));
        setOutcome({ kind: 'saved' });
      },
      onError: (error) => setOutcome({ kind: 'failed', message: error.message }),
    });
  };

  return (
    <div className="rates">
      <form className="rates-form" onSubmit={submit} noValidate aria-label="Rates">
        {rates === null && <p className="console-muted">This home has no rates yet: guests cannot get a quote.</p>}
        <fieldset className="rates-form__grid">
          <legend>Regular rates</legend>
          <Field
            id="rates-base"
            label="Base nightly ($)"
            hint="Sunday to Thursday nights"
            inputMode="decimal"
            value={draft.baseNightly}
            onChange={(baseNightly) => set({ baseNightly })}
            error={errors.baseNightly}
          />
          <Field
            id="rates-weekend"
            label="Weekend nightly ($)"
            hint="Friday and Saturday nights"
            inputMode="decimal"
            value={draft.weekendNightly}
            onChange={(weekendNightly) => set({ weekendNightly })}
            error={errors.weekendNightly}
          />
          <Field
            id="rates-cleaning"
            label="Cleaning fee ($)"
            inputMode="decimal"
            value={draft.cleaningFee}
            onChange={(cleaningFee) => set({ cleaningFee })}
            error={errors.cleaningFee}
          />
          <Field
            id="rates-min-stay"
            label="Minimum stay (nights)"
            inputMode="numeric"
            value={draft.minStay}
            onChange={(minStay) => set({ minStay })}
            error={errors.minStay}
          />
          <Field
            id="rates-tax-rate"
            label="Tax rate (%)"
            hint="Of the nights plus the cleaning fee"
            inputMode="decimal"
            value={draft.taxRate}
            onChange={(taxRate) => set({ taxRate })}
            error={errors.taxRate}
          />
          <Field
            id="rates-tax-name"
            label="Tax name"
            value={draft.taxName}
            onChange={(taxName) => set({ taxName })}
            error={errors.taxName}
          />
        </fieldset>

        <TableRegion label="Seasons">
          <table className="console-table rates-form__seasons">
            <caption>Seasons: their rates and minimum stay replace the regular ones for the nights they cover</caption>
            <thead>
              <tr>
                {seasonColumns.map((column) => (
                  <th key={column.field} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.seasons.length === 0 && (
                <tr>
                  <td colSpan={seasonColumns.length + 1} className="console-muted">
                    No seasons: every night has the regular rates.
                  </td>
                </tr>
              )}
              {draft.seasons.map((season, index) => (
                <tr key={season.key}>
                  {seasonColumns.map((column) => {
                    const path = `seasons.${index}.${column.field}`;
                    const errorId = `${season.key}-${column.field}-error`;
                    return (
                      <td key={column.field}>
                        <input
                          aria-label={`Season ${index + 1} ${column.label.toLowerCase()}`}
                          type={column.field === 'from' || column.field === 'to' ? 'date' : 'text'}
                          inputMode={
                            column.field === 'minStay'
                              ? 'numeric'
                              : column.field === 'nightly' || column.field === 'weekendNightly'
                                ? 'decimal'
                                : undefined
                          }
                          value={season[column.field]}
                          autoFocus={column.field === 'name' && season.key === focusSeason}
                          aria-invalid={errors[path] ? true : undefined}
                          aria-describedby={errors[path] ? errorId : undefined}
                          onChange={(event) => setSeason(season.key, { [column.field]: event.target.value })}
                        />
                        {errors[path] && (
                          <span id={errorId} className="rates-form__error">
                            {errors[path]}
                          </span>
                        )}
                      </td>
                    );
                  })}
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => set({ seasons: draft.seasons.filter((s) => s.key !== season.key) })}
                    >
                      Remove <span className="visually-hidden">season {season.name.trim() || index + 1}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
        <div className="console-button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              const row = emptySeason();
              setFocusSeason(row.key);
              set({ seasons: [...draft.seasons, row] });
            }}
          >
            Add a season
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save rates'}
          </button>
        </div>
        <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
          {outcome?.kind === 'saved' && 'Rates saved. New quotes use them; bookings already made keep their price.'}
        </p>
        <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
          {outcome?.kind === 'failed' && `Rates not saved: ${outcome.message}`}
        </div>
      </form>
      <RatesPreview homeId={homeId} draft={draft} onInvalid={setErrors} />
    </div>
  );
}

/** The Rates section of a home: the regular rates, seasons, fees and tax, with a quote preview before saving. */
export function RatesEditor({ homeId }: { homeId: string }) {
  const rates = useRates(homeId);
  if (rates.isPending) return <p role="status">Loading rates...</p>;
  if (rates.isError) {
    return (
      <div role="alert" className="console-error">
        <p>We could not load the rates. {rates.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void rates.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <RatesForm homeId={homeId} rates={rates.data} />;
}
