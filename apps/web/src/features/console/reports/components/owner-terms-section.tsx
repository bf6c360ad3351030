import { useId, useState, type FormEvent } from 'react';
import type { OwnerAccount } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { useUpdateOwnerAccount } from '../api/reports';

/** An owner's commission rate and payout details; admins change them, staff read them. */
export function OwnerTermsSection({ account, canEdit }: { account: OwnerAccount; canEdit: boolean }) {
  const headingId = useId();
  const update = useUpdateOwnerAccount();
  const [rate, setRate] = useState(String(account.commissionRate));
  const [details, setDetails] = useState(account.payoutDetails);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null);
  const value = Number(rate);
  const valid = rate !== '' && Number.isFinite(value) && value >= 0 && value <= 100;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setOutcome(null);
    update.mutate(
      { id: account.owner.id, update: { commissionRate: value, payoutDetails: details } },
      {
        onSuccess: () => setOutcome({ kind: 'saved', text: `Saved ${account.owner.name}'s terms.` }),
        onError: (error) => setOutcome({ kind: 'failed', text: errorMessage(error) }),
      },
    );
  };

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Terms of {account.owner.name}</h2>
      <form onSubmit={submit} aria-labelledby={headingId}>
        <fieldset disabled={!canEdit || update.isPending} className="reports-terms">
          <label className="console-field">
            <span>Commission (% of rent after discounts)</span>
            <input
              type="number"
              inputMode="decimal"
              min="0"
              max="100"
              step="0.01"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              required
            />
          </label>
          <label className="console-field">
            <span>Payout details (bank, reference; never shown to guests)</span>
            <textarea value={details} maxLength={2000} rows={3} onChange={(event) => setDetails(event.target.value)} />
          </label>
          {canEdit && (
            <button type="submit" className="button" disabled={!valid}>
              Save terms
            </button>
          )}
        </fieldset>
        {!canEdit && <p className="console-muted">Only an admin changes an owner&apos;s terms.</p>}
        <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
          {outcome?.kind === 'saved' ? outcome.text : ''}
        </p>
        <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
          {outcome?.kind === 'failed' ? outcome.text : ''}
        </div>
      </form>
    </section>
  );
}
