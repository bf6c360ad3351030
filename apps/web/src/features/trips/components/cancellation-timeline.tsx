import type { TripDetail } from '@sas/domain';

type TripCancellation = NonNullable<TripDetail['cancellation']>;

/** "Mar 4, 2031, 5:00 PM MST": an instant as the clock in the home reads it. */
export function formatInHomeTime(instant: string, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(instant)) + ` ${zoneName(instant, timeZone)}`
  );
}

/** "Mar 4, 2031": the day an instant falls on by the home's clock. */
export function formatDayInHomeTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' }).format(new Date(instant));
}

function zoneName(instant: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

interface Step {
  label: string;
  current: boolean;
}

/**
 * The policy's three tiers with the moments the server computed for this
 * booking (in the home's time zone, as the rule counts days there). The tier
 * in force now is the server's `refundPercent`.
 */
export function CancellationTimeline({ cancellation, timeZone }: { cancellation: TripCancellation; timeZone: string }) {
  const { fullRefundUntil, halfRefundUntil, refundPercent } = cancellation;
  const lastRefund = halfRefundUntil ?? fullRefundUntil;
  const steps: Step[] = [
    { label: `Full refund until ${formatInHomeTime(fullRefundUntil, timeZone)}`, current: refundPercent === 100 },
  ];
  if (halfRefundUntil !== null) {
    steps.push({
      label: `50% refund until ${formatInHomeTime(halfRefundUntil, timeZone)}`,
      current: refundPercent === 50,
    });
  }
  steps.push({ label: `No refund after ${formatInHomeTime(lastRefund, timeZone)}`, current: refundPercent === 0 });

  return (
    <ol className="trip-timeline">
      {steps.map((step) => (
        <li
          key={step.label}
          className={step.current ? 'trip-timeline__step trip-timeline__step--now' : 'trip-timeline__step'}
        >
          {step.label}
          {step.current && <span className="trip-timeline__now"> (now)</span>}
        </li>
      ))}
    </ol>
  );
}
