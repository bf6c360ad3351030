import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import type { PaymentPlan, QuoteResponse } from '@sas/domain';
import {
  clampStep,
  draftFromStart,
  readDraft,
  reservationStartSchema,
  saveDraft,
  withAgreementRefused,
  withQuote,
  type ReservationDraft,
  type ReservationStartState,
  type ReservationStep,
} from '../utils/reservation-draft';
import { Checkout } from './checkout';
import { ContactForm } from './contact-form';
import { CustomizeForm } from './customize-form';
import { OrderSummary } from './order-summary';
import { PromoCode, useDropPromo, usePendingPromo } from './promo-code';
import { ProgressBar } from './progress-bar';
import { StayDetails } from './stay-details';
import './booking.css';

const stepTitles: Record<ReservationStep, string> = {
  1: 'Reserve your stay',
  2: 'Customize your stay',
  3: 'Payment',
};

/** Navigation state from the property page's Reserve button, checked: history state outlives code versions. */
function readStartState(state: unknown): ReservationStartState | null {
  const parsed = reservationStartSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/**
 * The reservation to show: the saved draft of this very visit (a reload),
 * else a new one from the property page's navigation state, else whatever
 * draft this tab saved last (the guest came back by URL).
 */
function initialDraft(state: unknown, locationKey: string): ReservationDraft | null {
  const saved = readDraft();
  if (saved !== null && saved.startKey === locationKey) return saved;
  const start = readStartState(state);
  if (start !== null) return draftFromStart(start, locationKey);
  return saved;
}

/**
 * Navigation state of /reservation when /payment hands a reservation back to
 * step 2 because the server refused it for the rental agreement.
 */
export interface AgreementRefusedState {
  agreementRefusal: string;
}

function readAgreementRefusal(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('agreementRefusal' in state)) return null;
  return typeof state.agreementRefusal === 'string' ? state.agreementRefusal : null;
}

interface ReservationFlowProps {
  initial: ReservationDraft;
  initialRefusal: string | null;
}

function ReservationFlow({ initial, initialRefusal }: ReservationFlowProps) {
  const [draft, setDraft] = useState(initial);
  // Why the server last refused to take the payment (the agreement), said at step 2 until the guest goes on.
  const [refusal, setRefusal] = useState(initialRefusal);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(draft.step);

  useEffect(() => saveDraft(draft), [draft]);

  // A new step replaces the whole form: focus goes to its heading so screen
  // reader and keyboard users start at the top of it, not on <body>.
  useEffect(() => {
    if (shownStep.current === draft.step) return;
    shownStep.current = draft.step;
    headingRef.current?.focus();
  }, [draft.step]);

  function goTo(step: number) {
    setDraft((current) => ({ ...current, step: clampStep(step) }));
  }

  const applyQuote = useCallback((quote: QuoteResponse) => {
    setDraft((current) => withQuote(current, quote));
  }, []);
  usePendingPromo(draft, applyQuote);
  const dropPromo = useDropPromo(draft, applyQuote);

  const choosePlan = useCallback((paymentPlan: PaymentPlan) => {
    setDraft((current) => ({ ...current, paymentPlan }));
  }, []);

  const agreementRefused = useCallback((message: string) => {
    setRefusal(message);
    setDraft((current) => withAgreementRefused(current, message));
  }, []);

  const { step } = draft;
  return (
    <div className="page-container booking">
      <header className="booking__header">
        <h1 ref={headingRef} tabIndex={-1} className="booking__title">
          {stepTitles[step]}
        </h1>
        <ProgressBar step={step} />
      </header>
      <div className="booking__layout">
        <div className="booking__main">
          {step === 1 && (
            <>
              <StayDetails draft={draft} onQuoted={applyQuote} />
              <ContactForm
                contact={draft.contact}
                onChange={(contact) => setDraft((current) => ({ ...current, contact }))}
                onNext={() => goTo(2)}
              />
            </>
          )}
          {step === 2 && (
            <CustomizeForm
              draft={draft}
              onAddOnsChange={(addOns) => setDraft((current) => ({ ...current, addOns }))}
              onAgreementChange={(agreement) => setDraft((current) => ({ ...current, agreement }))}
              refusal={refusal}
              onBack={() => goTo(1)}
              onNext={() => {
                setRefusal(null);
                goTo(3);
              }}
            />
          )}
          {step === 3 && (
            <section className="booking-card" aria-labelledby="payment-title">
              <h2 id="payment-title" className="booking-card__title">
                Payment details
              </h2>
              <PromoCode draft={draft} onQuoted={applyQuote} />
              <Checkout
                draft={draft}
                onPlanChange={choosePlan}
                onAgreementRefused={agreementRefused}
                onPromoRefused={dropPromo}
              />
              <div className="booking-actions">
                <button type="button" className="button button--secondary" onClick={() => goTo(2)}>
                  Back
                </button>
              </div>
            </section>
          )}
        </div>
        <OrderSummary draft={draft} />
      </div>
    </div>
  );
}

/** /reservation and /reservations: the three steps of SPEC.md sections 2 and 4. */
export function ReservationPage() {
  const location = useLocation();
  const [initial] = useState(() => initialDraft(location.state, location.key));
  const [initialRefusal] = useState(() => readAgreementRefusal(location.state));

  if (initial === null) {
    return (
      <div className="page-container booking booking--empty">
        <h1 className="booking__title">Reserve your stay</h1>
        <p className="error-box__message" role="alert">
          Error: No reservation data found. Please start your reservation from the property page.
        </p>
        <Link to="/collections" className="button button--primary">
          Browse our homes
        </Link>
      </div>
    );
  }
  return <ReservationFlow initial={initial} initialRefusal={initialRefusal} />;
}
