// The guest policies of SPEC.md section 2 ("Policies") as numbers, in one
// place: the /policies page writes its text from them and the booking
// confirmation e-mail summarises the same terms, so the two cannot disagree.
import { addDays, nightsBetween, todayIn, type IsoDate } from './dates.js';
import { formatCount } from './display.js';
import { formatUsd } from './money.js';

export const cancellationPolicy = {
  /** A booking cancelled within this many hours of being made is refunded in full. */
  fullRefundHours: 48,
  /** Cancelled at least this many days before check-in: this share is refunded. */
  partialRefundMinDays: 30,
  partialRefundPercent: 50,
  /** How long a refund takes to reach the card, in business days. */
  refundBusinessDays: { min: 7, max: 10 },
} as const;

export const depositPolicy = {
  /** The damage deposit is pre-authorised on the card this many days before check-in. */
  preAuthorisedDaysBefore: 7,
  /** Range of the hold, depending on the home. */
  minCents: 0,
  maxCents: 100_000,
  /**
   * The hold is renewed after at most this many days (the spec says weekly,
   * but card networks keep some merchant-initiated holds only about 5 days)...
   */
  renewalIntervalDays: 4,
  /** ...until this many days after check-out. */
  releasedDaysAfterCheckout: 2,
  /** A small charge that proves the card works, refunded within validationRefundHours. */
  validationChargeCents: 200,
  validationRefundHours: 48,
  /**
   * A hold (or its renewal) the card declines is tried again this many
   * times, this many hours apart, before the guest is asked to act; never
   * from check-in on (the guest is asked then at the latest). Declines for
   * insufficient funds often clear within a day (issue 29).
   */
  holdRetries: 3,
  holdRetryHours: 12,
} as const;

export const paymentPolicy = {
  /** A stay may be paid in up to this many instalments. */
  maxInstalments: 3,
  /** A missed instalment may be paid this long after it was due before the booking is at risk. */
  missedPaymentGraceHours: 72,
} as const;

// Here rather than in payment-schedule.ts, whose zod contracts the pages that
// state these terms (the rental agreement) need not run.
/** Installments are offered only when check-in is more than this many days away. */
export const installmentsMinDaysBeforeCheckIn = 45;
/** The last installment is due this many days before check-in. */
export const lastInstallmentDaysBeforeCheckIn = 30;

/** The version of the rental agreement the site publishes now; stored with each booking that accepted it. */
export const rentalAgreementVersion = '2026-11-25';

export const agePolicy = {
  /** The guest who books cabins and select luxury condos must be older than this. */
  minimumBookingAge: 25,
  appliesTo: 'cabins and select luxury condos',
} as const;

export interface Penalty {
  id: 'late-checkout' | 'smoking' | 'lost-keys';
  label: string;
  cents: number;
}

export const penalties: readonly Penalty[] = [
  { id: 'late-checkout', label: 'Unauthorised late check-out', cents: 10_000 },
  { id: 'smoking', label: 'Smoking inside a home', cents: 50_000 },
  { id: 'lost-keys', label: 'Lost keys or passes', cents: 15_000 },
];

const hourMs = 60 * 60 * 1000;

/**
 * "$1,000" for whole dollars, "$2.50" otherwise: how a policy states an amount.
 * Without Intl, like formatUsd: building a number format loads the browser's
 * locale data, a long task on a phone while the policies and the rental
 * agreement hydrate (ADR 048).
 */
export function formatPolicyAmount(cents: number): string {
  return cents % 100 === 0 ? `$${formatCount(cents / 100)}` : formatUsd(cents);
}

/**
 * The share of the amount paid that a cancellation refunds, in percent:
 * 100 within 48 hours of booking; otherwise 50 when the cancellation's
 * calendar date (in the home's time zone) is at least 30 days before
 * check-in; otherwise 0. The spec's "0% less than 29 days before" leaves the
 * 29th day open: it gets nothing, because the 50% window closes 30 days out.
 */
export function refundPercent(bookedAt: Date, checkIn: IsoDate, cancelledAt: Date, timeZone: string): number {
  if (cancelledAt.getTime() - bookedAt.getTime() <= cancellationPolicy.fullRefundHours * hourMs) return 100;
  const daysBefore = nightsBetween(todayIn(timeZone, cancelledAt), checkIn);
  return daysBefore >= cancellationPolicy.partialRefundMinDays ? cancellationPolicy.partialRefundPercent : 0;
}

function refundTime(): string {
  const { min, max } = cancellationPolicy.refundBusinessDays;
  return `${min}-${max} business days`;
}

/** The cancellation terms in the guest's words, for the policies page and the booking e-mail. */
export function cancellationTerms(): string[] {
  const c = cancellationPolicy;
  return [
    `Cancel within ${c.fullRefundHours} hours of booking for a 100% refund.`,
    `Cancel up to ${c.partialRefundMinDays} days before check-in for a ${c.partialRefundPercent}% refund.`,
    `Cancellations less than ${c.partialRefundMinDays - 1} days before check-in are not refunded.`,
    `Refunds reach your card in ${refundTime()}.`,
  ];
}

/** The damage-deposit terms, in the guest's words. */
export function depositTerms(): string[] {
  const d = depositPolicy;
  return [
    `A refundable damage deposit of ${formatPolicyAmount(d.minCents)} to ${formatPolicyAmount(d.maxCents)}, depending on the home, is pre-authorised on your card ${d.preAuthorisedDaysBefore} days before check-in. It is a hold, not a charge.`,
    `The hold is renewed every ${d.renewalIntervalDays} days until then and released ${d.releasedDaysAfterCheckout} days after check-out, once the home has been inspected.`,
    `To check that your card works we charge ${formatPolicyAmount(d.validationChargeCents)}, refunded within ${d.validationRefundHours} hours.`,
  ];
}

/** Instalments and missed payments, in the guest's words. */
export function paymentTerms(): string[] {
  const p = paymentPolicy;
  return [
    `You may pay for your stay in up to ${p.maxInstalments} instalments; the last one is due before check-in.`,
    `If an instalment is missed, you have a ${p.missedPaymentGraceHours}-hour grace period to pay it before the reservation may be cancelled under the cancellation policy.`,
  ];
}

export function ageTerm(): string {
  return `The guest who books ${agePolicy.appliesTo} must be over ${agePolicy.minimumBookingAge} years old and present during the stay.`;
}

/** "Unauthorised late check-out: $100.00" */
export function penaltyTerms(): string[] {
  return penalties.map((penalty) => `${penalty.label}: ${formatPolicyAmount(penalty.cents)}`);
}

/**
 * The first instant of a calendar date in a time zone (its local midnight,
 * or the first moment after it when a DST change skips midnight): the
 * earliest instant whose `todayIn` is `date`, found by bisection because the
 * zone's offset on that day is what is being found.
 */
export function startOfDayIn(timeZone: string, date: IsoDate): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Offsets lie within ±14 hours, so the answer does too.
  let low = utcMidnight - 15 * hourMs;
  let high = utcMidnight + 15 * hourMs;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (todayIn(timeZone, new Date(middle)) >= date) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/**
 * When each refund tier of `refundPercent` ends, for a booking's timeline:
 * `fullRefundUntil` is the last instant refunded in full (48 hours after
 * booking) and `halfRefundUntil` the last instant refunded at 50% (the end of
 * the 30th day before check-in in the home's time zone), or null when that
 * instant is not after the full refund's end, so 50% is never the answer.
 * Both are inclusive: `refundPercent` at that very instant gives the tier.
 */
export function refundDeadlines(
  bookedAt: Date,
  checkIn: IsoDate,
  timeZone: string,
): { fullRefundUntil: Date; halfRefundUntil: Date | null } {
  const fullRefundUntil = new Date(bookedAt.getTime() + cancellationPolicy.fullRefundHours * hourMs);
  const firstUnrefundedDay = addDays(checkIn, 1 - cancellationPolicy.partialRefundMinDays);
  const halfEnd = new Date(startOfDayIn(timeZone, firstUnrefundedDay).getTime() - 1);
  return { fullRefundUntil, halfRefundUntil: halfEnd > fullRefundUntil ? halfEnd : null };
}
