import { useRef, useState, type FormEvent } from 'react';
import type { SelectedAddOn } from '@sas/domain';
import { refusedBox, type AgreementBox, type AgreementDraft, type ReservationDraft } from '../utils/reservation-draft';
import { AddOnsSection } from './add-ons-section';
import { agreementBoxId, AgreementSection, missingTicks } from './agreement-section';

interface CustomizeFormProps {
  draft: Pick<ReservationDraft, 'addOns' | 'stay' | 'home' | 'agreement'>;
  onAddOnsChange: (addOns: SelectedAddOn[]) => void;
  onAgreementChange: (agreement: AgreementDraft) => void;
  /** The server's refusal of the last payment attempt for the agreement, in its words. */
  refusal: string | null;
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step 2 'Customize your stay': the add-ons and the rental agreement in one
 * form. 'Proceed to Payment' goes on only once the agreement's boxes are
 * ticked; otherwise it says why beside each box and moves focus to the first.
 */
export function CustomizeForm({
  draft,
  onAddOnsChange,
  onAgreementChange,
  refusal,
  onBack,
  onNext,
}: CustomizeFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // Boxes are flagged only after the guest tried to go on, and stop being flagged once ticked.
  const [attempted, setAttempted] = useState(false);
  const missing = missingTicks(draft.agreement, draft.home);
  const refused = refusal === null ? null : refusedBox(refusal);
  const flagged: AgreementBox[] = missing.filter((box) => attempted || box === refused);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [first] = missing;
    if (first !== undefined) {
      setAttempted(true);
      formRef.current?.querySelector<HTMLInputElement>(`#${agreementBoxId(first)}`)?.focus();
      return;
    }
    onNext();
  }

  return (
    <form ref={formRef} className="customize-form" noValidate onSubmit={handleSubmit}>
      <AddOnsSection selected={draft.addOns} stay={draft.stay} onChange={onAddOnsChange} />
      <AgreementSection
        home={draft.home}
        agreement={draft.agreement}
        onChange={onAgreementChange}
        flagged={flagged}
        // A refusal about a box is said beside it; any other is said on its own.
        message={refusal !== null && refused === null ? refusal : null}
      />
      <div className="booking-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button--primary">
          Proceed to Payment
        </button>
      </div>
    </form>
  );
}
