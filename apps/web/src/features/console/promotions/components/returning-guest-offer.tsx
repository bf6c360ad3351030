import { useId, useState, type FormEvent } from 'react';
import type { ReturningGuestOffer } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { useReturningGuestOffer, useSaveReturningGuestOffer } from '../api/returning-guests';

function OfferForm({ saved }: { saved: ReturningGuestOffer }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [percent, setPercent] = useState(String(saved.percent));
  const [validDays, setValidDays] = useState(String(saved.validDays));
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; message: string } | null>(null);
  const save = useSaveReturningGuestOffer();
  const id = useId();
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOutcome(null);
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { enabled, percent: Number(percent), validDays: Number(validDays) },
      {
        onSuccess: (stored) =>
          setOutcome({
            kind: 'saved',
            message: stored.enabled
              ? `Saved: after a stay, a guest will be offered ${stored.percent}% off, valid ${stored.validDays} days.`
              : 'Saved: no personal code is offered.',
          }),
        onError: (error) => setOutcome({ kind: 'failed', message: errorMessage(error) }),
      },
    );
  };
  return (
    <form className="discounts-form" aria-label="Returning-guest offer" onSubmit={submit}>
      <p className="console-muted">
        A personal, single-use code for the guest's own e-mail address, a percentage off the nights of their next stay.
        The guest messages send it with the thank-you after checkout.
      </p>
      <label className="promotion-form__check">
        <input type="checkbox" checked={enabled} onChange={(event) => changed(setEnabled)(event.target.checked)} />
        Offer returning guests a personal code
      </label>
      <div className="promotion-form__grid">
        <div className="console-field">
          <label htmlFor={`${id}-percent`}>Discount (%)</label>
          <input
            id={`${id}-percent`}
            type="number"
            min={0.01}
            max={90}
            step={0.01}
            required
            value={percent}
            onChange={(event) => changed(setPercent)(event.target.value)}
          />
        </div>
        <div className="console-field">
          <label htmlFor={`${id}-days`}>Valid for (days)</label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={730}
            step={1}
            required
            value={validDays}
            onChange={(event) => changed(setValidDays)(event.target.value)}
          />
        </div>
      </div>
      <div className="console-button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save offer'}
        </button>
      </div>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' && outcome.message}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' && `Offer not saved: ${outcome.message}`}
      </div>
    </form>
  );
}

/** The returning-guest offer (issue 26 item 6) on the promotions page. */
export function ReturningGuestOfferSection() {
  const offer = useReturningGuestOffer();
  return (
    <section className="console-panel" aria-labelledby="returning-offer-heading">
      <h2 id="returning-offer-heading">Returning guests</h2>
      {offer.isPending && <p role="status">Loading the offer...</p>}
      {offer.isError && (
        <p role="alert" className="console-error">
          We could not load the offer. {offer.error.message}
        </p>
      )}
      {offer.data && <OfferForm saved={offer.data} />}
    </section>
  );
}
