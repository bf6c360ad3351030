import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { QuoteResponse } from '@sas/domain';
import { forgetMarketingPromo } from '@/lib/marketing-promo';
import { useRequote } from '../api/get-quote';
import type { ReservationDraft } from '../utils/reservation-draft';
import { quoteErrorMessage } from './stay-details';

interface PromoCodeProps {
  draft: ReservationDraft;
  onQuoted: (quote: QuoteResponse) => void;
}

/**
 * The payment step's "Promo code" field (issue 26). The server prices the
 * stay with the code: applied, its discount shows on its own line in the
 * summary; refused, the price stays and the reason is said here in words.
 */
export function PromoCode({ draft, onQuoted }: PromoCodeProps) {
  const [code, setCode] = useState(draft.promoCode ?? '');
  const requote = useRequote();
  const inputId = useId();
  const messageId = useId();

  function ask(promoCode: string | undefined) {
    requote.mutate(
      { propertyId: draft.home.id, stay: draft.stay, reference: draft.reference, promoCode },
      { onSuccess: onQuoted },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (typed !== '') ask(typed);
  }

  function remove() {
    forgetMarketingPromo();
    setCode('');
    ask(undefined);
  }

  const promo = draft.promo;
  const applied = promo?.applied === true;
  const failure = requote.isError ? quoteErrorMessage(requote.error) : null;
  return (
    <form className="promo-code" aria-label="Promo code" onSubmit={handleSubmit}>
      <div className="field">
        <label htmlFor={inputId}>Promo code</label>
        <div className="promo-code__row">
          <input
            id={inputId}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby={promo || failure ? messageId : undefined}
            aria-invalid={promo !== undefined && !applied}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={requote.isPending}>
            Apply
          </button>
          {applied && (
            <button type="button" className="button button--secondary" onClick={remove} disabled={requote.isPending}>
              Remove
            </button>
          )}
        </div>
      </div>
      <p id={messageId} className={applied ? 'promo-code__applied' : 'promo-code__refused'} aria-live="polite">
        {failure ??
          (promo === undefined
            ? ''
            : applied
              ? `Code ${promo.code} applied.${promo.reason ? ` ${promo.reason}` : ''}`
              : (promo.reason ?? `The code ${promo.code} does not apply.`))}
      </p>
    </form>
  );
}

/**
 * A code that came with a marketing link waits in the draft unpriced: the
 * reservation asks the server for it once, so every step shows its discount.
 */
export function usePendingPromo(draft: ReservationDraft, onQuoted: (quote: QuoteResponse) => void) {
  const { mutate } = useRequote();
  const asked = useRef(false);
  const pending = draft.promoCode !== undefined && draft.promo === undefined;
  useEffect(() => {
    if (!pending || asked.current) return;
    asked.current = true;
    mutate(
      { propertyId: draft.home.id, stay: draft.stay, reference: draft.reference, promoCode: draft.promoCode },
      { onSuccess: onQuoted },
    );
  }, [pending, mutate, draft, onQuoted]);
}

/** Prices the reservation again without its code (the payment refused it): the price without it, said plainly. */
export function useDropPromo(draft: ReservationDraft, onQuoted: (quote: QuoteResponse) => void) {
  const { mutate } = useRequote();
  return () => {
    forgetMarketingPromo();
    mutate({ propertyId: draft.home.id, stay: draft.stay, reference: draft.reference }, { onSuccess: onQuoted });
  };
}
