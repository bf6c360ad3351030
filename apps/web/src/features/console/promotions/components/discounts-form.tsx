import { useId, useState, type FormEvent } from 'react';
import type { AdminDiscounts } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { useDiscounts, useSaveDiscounts, type DiscountsTarget } from '../api/home-discounts';
import './promotions.css';

/** The form as typed: percent strings; a rule with no percent is off. */
interface Values {
  weekly: string;
  monthly: string;
  lastMinuteDays: string;
  lastMinute: string;
  earlyBirdDays: string;
  earlyBird: string;
  gapMax: string;
  gap: string;
  gapOn: boolean;
}

function valuesOf(d: AdminDiscounts): Values {
  return {
    weekly: d.weeklyPercent ? String(d.weeklyPercent) : '',
    monthly: d.monthlyPercent ? String(d.monthlyPercent) : '',
    lastMinuteDays: d.lastMinute ? String(d.lastMinute.days) : '7',
    lastMinute: d.lastMinute ? String(d.lastMinute.percent) : '',
    earlyBirdDays: d.earlyBird ? String(d.earlyBird.days) : '180',
    earlyBird: d.earlyBird ? String(d.earlyBird.percent) : '',
    gapMax: d.gapNights ? String(d.gapNights.maxGap) : '2',
    gap: d.gapNights ? String(d.gapNights.percent) : '',
    gapOn: d.gapNights !== null,
  };
}

function bodyOf(v: Values): AdminDiscounts {
  const percent = (text: string) => (text.trim() === '' ? 0 : Number(text));
  return {
    weeklyPercent: percent(v.weekly),
    monthlyPercent: percent(v.monthly),
    lastMinute: percent(v.lastMinute) > 0 ? { days: Number(v.lastMinuteDays), percent: percent(v.lastMinute) } : null,
    earlyBird: percent(v.earlyBird) > 0 ? { days: Number(v.earlyBirdDays), percent: percent(v.earlyBird) } : null,
    gapNights: v.gapOn ? { maxGap: Number(v.gapMax), percent: percent(v.gap) } : null,
  };
}

function Form({ target, saved }: { target: DiscountsTarget; saved: AdminDiscounts }) {
  const [values, setValues] = useState(() => valuesOf(saved));
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; message: string } | null>(null);
  const save = useSaveDiscounts(target);
  const id = useId();
  const set = (key: keyof Values, value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setOutcome(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(values), {
      onSuccess: (stored) => {
        setValues(valuesOf(stored));
        setOutcome({ kind: 'saved', message: 'Discounts saved. New quotes use them now; bookings keep their price.' });
      },
      onError: (error) => setOutcome({ kind: 'failed', message: errorMessage(error) }),
    });
  };
  const input = (key: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <div className="console-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        value={values[key] as string}
        onChange={(event) => set(key, event.target.value)}
        {...extra}
      />
    </div>
  );
  const percent = { min: 0, max: 90, step: 0.01 };
  return (
    <form
      className="discounts-form"
      aria-label={
        target.kind === 'home' ? 'Automatic discounts' : `Automatic discounts of the ${target.name} collection`
      }
      onSubmit={submit}
    >
      <p className="console-muted">
        At most one applies to a stay: the one worth most to the guest. They come off the nights; the cleaning fee is
        not discounted. Leave a percentage empty for none.
        {target.kind === 'collection' && " A home with discounts of its own uses those instead of its collections'."}
      </p>
      <div className="promotion-form__grid">
        {input('weekly', 'Weekly, 7+ nights (%)', percent)}
        {input('monthly', 'Monthly, 28+ nights (%)', percent)}
      </div>
      <fieldset>
        <legend>Last-minute</legend>
        <div className="promotion-form__grid">
          {input('lastMinuteDays', 'Check-in within (days)', { min: 0, max: 730, step: 1 })}
          {input('lastMinute', 'Discount (%)', percent)}
        </div>
      </fieldset>
      <fieldset>
        <legend>Early-bird</legend>
        <div className="promotion-form__grid">
          {input('earlyBirdDays', 'Booked at least (days ahead)', { min: 1, max: 730, step: 1 })}
          {input('earlyBird', 'Discount (%)', percent)}
        </div>
      </fieldset>
      <fieldset>
        <legend>Gap nights</legend>
        <label className="promotion-form__check">
          <input type="checkbox" checked={values.gapOn} onChange={(event) => set('gapOn', event.target.checked)} />A gap
          between two stays may be booked below the minimum stay
        </label>
        <div className="promotion-form__grid">
          {input('gapMax', 'Longest gap (1-3 nights)', { min: 1, max: 3, step: 1, disabled: !values.gapOn })}
          {input('gap', 'Discount (%)', { ...percent, disabled: !values.gapOn })}
        </div>
      </fieldset>
      <div className="console-button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save discounts'}
        </button>
      </div>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' && outcome.message}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' && `Discounts not saved: ${outcome.message}`}
      </div>
    </form>
  );
}

/** A home's automatic discounts (issue 26), on its console page, or a collection's, on the promotions page. */
export function DiscountsForm({ target }: { target: DiscountsTarget }) {
  const discounts = useDiscounts(target);
  if (discounts.isPending) return <p role="status">Loading the discounts...</p>;
  if (discounts.isError) {
    return (
      <p role="alert" className="console-error">
        We could not load the discounts. {errorMessage(discounts.error)}
      </p>
    );
  }
  return <Form target={target} saved={discounts.data} />;
}
