import { agePolicy, agreementMessages, depositPolicy, formatDollars, formatPolicyAmount } from '@sas/domain';
import type { AgreementBox, AgreementDraft, ReservationHome } from '../utils/reservation-draft';

/** The id of a box's input, for labels and for moving focus to it. */
export const agreementBoxId = (box: AgreementBox) => `agreement-${box}`;

/** Which boxes are not ticked yet, in the order they are shown. */
export function missingTicks(agreement: AgreementDraft, home: Pick<ReservationHome, 'ageRestricted'>): AgreementBox[] {
  const missing: AgreementBox[] = [];
  if (!agreement.accepted) missing.push('accepted');
  if (home.ageRestricted && !agreement.over25) missing.push('over25');
  return missing;
}

const boxMessages: Record<AgreementBox, string> = {
  accepted: agreementMessages.required,
  over25: agreementMessages.over25,
};

interface AgreementSectionProps {
  home: Pick<ReservationHome, 'ageRestricted' | 'depositAmount'>;
  agreement: AgreementDraft;
  onChange: (agreement: AgreementDraft) => void;
  /** The boxes to mark as not ticked (after Proceed was pressed, or the server refused). */
  flagged: readonly AgreementBox[];
  /** A refusal from the server that is not about one box. */
  message: string | null;
}

/**
 * Step 2's rental agreement (issue 17): the guest ticks that they accept it
 * (its text opens the agreement in a new tab) and, for a cabin or select
 * luxury condo, that the primary renter is over 25. The home's security
 * deposit is stated here, before the guest pays.
 */
export function AgreementSection({ home, agreement, onChange, flagged, message }: AgreementSectionProps) {
  function boxProps(box: AgreementBox, hint?: string) {
    const invalid = flagged.includes(box);
    const describedBy = [hint, invalid ? `agreement-${box}-error` : undefined].filter(Boolean).join(' ');
    return {
      id: agreementBoxId(box),
      type: 'checkbox' as const,
      required: true,
      'aria-invalid': invalid,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
  }

  function error(box: AgreementBox) {
    return flagged.includes(box) ? (
      <p id={`agreement-${box}-error`} className="form-error">
        {boxMessages[box]}
      </p>
    ) : null;
  }

  return (
    <section className="booking-card" aria-labelledby="agreement-title">
      <h2 id="agreement-title" className="booking-card__title">
        Rental agreement
      </h2>
      {home.depositAmount > 0 && (
        <p className="agreement__deposit" data-testid="deposit-note">
          This home has a security deposit of <strong>{formatDollars(home.depositAmount)}</strong>: a hold on your card,
          not a charge, placed {depositPolicy.preAuthorisedDaysBefore} days before check-in and released{' '}
          {depositPolicy.releasedDaysAfterCheckout} days after check-out. When you pay, we check your card with a{' '}
          {formatPolicyAmount(depositPolicy.validationChargeCents)} charge, refunded within{' '}
          {depositPolicy.validationRefundHours} hours.
        </p>
      )}
      <p id="agreement-hint" className="add-ons__hint">
        The agreement sets out payments, cancellation, the security deposit and the house rules. It opens in a new tab.
      </p>
      <div className="agreement__box">
        <input
          {...boxProps('accepted', 'agreement-hint')}
          checked={agreement.accepted}
          onChange={(event) => onChange({ ...agreement, accepted: event.target.checked })}
        />
        <label htmlFor="agreement-accepted">
          I accept the{' '}
          <a href="/rental-agreement" target="_blank" rel="noopener">
            rental agreement
          </a>
        </label>
      </div>
      {error('accepted')}
      {home.ageRestricted && (
        <>
          <div className="agreement__box">
            <input
              {...boxProps('over25')}
              checked={agreement.over25}
              onChange={(event) => onChange({ ...agreement, over25: event.target.checked })}
            />
            <label htmlFor="agreement-over25">The primary renter is over {agePolicy.minimumBookingAge}</label>
          </div>
          {error('over25')}
        </>
      )}
      {message !== null && (
        <p className="form-error form-error--box" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
