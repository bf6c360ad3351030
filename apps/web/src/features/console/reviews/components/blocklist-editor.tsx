import { useId, useState, type FormEvent } from 'react';
import { blocklistTermMaxLength, type ReviewBlocklist } from '@sas/domain';
import { useReviewBlocklist, useSaveReviewBlocklist } from '../api/review-blocklist';
import './reviews.css';

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

function BlocklistForm({ saved }: { saved: ReviewBlocklist }) {
  const [terms, setTerms] = useState<string[]>(saved.terms);
  const [newTerm, setNewTerm] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useSaveReviewBlocklist();
  const newTermId = useId();
  const changed = terms.join('\n') !== saved.terms.join('\n');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const term = newTerm.trim();
    if (term === '') return;
    if (!terms.some((t) => t.toLowerCase() === term.toLowerCase())) setTerms([...terms, term]);
    setNewTerm('');
    setOutcome(null);
  };

  const submit = () => {
    setOutcome(null);
    save.mutate(
      { terms },
      {
        onSuccess: (stored) => {
          setTerms(stored.terms);
          setOutcome({ kind: 'saved' });
        },
        onError: (error) => setOutcome({ kind: 'failed', message: error.message }),
      },
    );
  };

  return (
    <div className="blocklist">
      <p className="console-muted">
        A review is hidden when its id is a term, or its guest name or text contains one (any case).
      </p>
      {terms.length === 0 ? (
        <p>No terms: the blocklist hides nothing.</p>
      ) : (
        <ul className="blocklist__terms" aria-label="Blocked terms">
          {terms.map((term) => (
            <li key={term} className="blocklist__term">
              <span>{term}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  setTerms(terms.filter((t) => t !== term));
                  setOutcome(null);
                }}
              >
                Remove <span className="visually-hidden">{term}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="console-toolbar" onSubmit={add}>
        <div className="console-field">
          <label htmlFor={newTermId}>New term</label>
          <input
            id={newTermId}
            value={newTerm}
            maxLength={blocklistTermMaxLength}
            onChange={(event) => setNewTerm(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={newTerm.trim() === ''}>
          Add term
        </button>
      </form>
      <div className="console-button-row">
        <button type="button" className="button button--primary" disabled={!changed || save.isPending} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save blocklist'}
        </button>
        {changed && <span className="console-muted">Unsaved changes</span>}
      </div>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' && 'Blocklist saved. The public pages apply it now.'}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' && `Blocklist not saved: ${outcome.message}`}
      </div>
    </div>
  );
}

/** SPEC.md's review blocklist as data staff edit: add and remove terms, then save them together. */
export function BlocklistEditor() {
  const blocklist = useReviewBlocklist();
  if (blocklist.isPending) return <p role="status">Loading the blocklist...</p>;
  if (blocklist.isError) {
    return (
      <div role="alert" className="console-error">
        <p>We could not load the blocklist. {blocklist.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void blocklist.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <BlocklistForm saved={blocklist.data} />;
}
