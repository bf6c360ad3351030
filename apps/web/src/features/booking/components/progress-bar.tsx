import { reservationSteps } from '@sas/domain';

/** 'Step n of 3' (SPEC.md section 2), exposed as a progressbar so screen readers announce the position. */
export function ProgressBar({ step }: { step: number }) {
  const text = `Step ${step} of ${reservationSteps}`;
  return (
    <div className="booking-progress">
      <div
        className="booking-progress__track"
        role="progressbar"
        aria-label="Reservation progress"
        aria-valuemin={1}
        aria-valuemax={reservationSteps}
        aria-valuenow={step}
        aria-valuetext={text}
      >
        <div className="booking-progress__fill" style={{ width: `${(step / reservationSteps) * 100}%` }} />
      </div>
      <p className="booking-progress__text" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
