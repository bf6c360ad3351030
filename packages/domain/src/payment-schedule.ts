// Money over time (issue 17): the payment schedule, the security deposit and
// the rental agreement a booking carries, as rules and zod contracts shared by
// the server and the browser. Amounts are cents inside, dollars at the edge;
// due dates are calendar dates in the home's time zone.
import { z } from 'zod';
import { addDays, nightsBetween, type IsoDate } from './dates.js';
import { centsToDollars } from './money.js';
import {
  agePolicy,
  depositPolicy,
  installmentsMinDaysBeforeCheckIn,
  lastInstallmentDaysBeforeCheckIn,
  paymentPolicy,
  penalties,
  type Penalty,
} from './policies.js';


/**
 * A hold placed by the merchant lasts only about 5 days on some card
 * networks: renewed after at most this many days, the new one placed before
 * the old one is released.
 */
export const depositHoldRenewalDays = depositPolicy.renewalIntervalDays;

export const paymentPlans = ['full', 'installments'] as const;
export type PaymentPlan = (typeof paymentPlans)[number];

export const installmentStatuses = ['scheduled', 'paid', 'failed', 'waived'] as const;
export type InstallmentStatus = (typeof installmentStatuses)[number];

export const depositStatuses = ['none', 'scheduled', 'held', 'released', 'captured', 'failed', 'cancelled'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export interface PlannedPayment {
  dueDate: IsoDate;
  amountCents: number;
}

/** Whether a stay checking in on `checkIn` may be paid in installments when booked on `today` (home's clock). */
export function installmentsAvailable(today: IsoDate, checkIn: IsoDate): boolean {
  return nightsBetween(today, checkIn) > installmentsMinDaysBeforeCheckIn;
}

/**
 * The charges of a stay: one today for `full`; for `installments`, three:
 * today, half-way, and 30 days before check-in. The amounts add up exactly
 * to the total, any remainder cent on the first. Falls back to one charge
 * when installments are not available for these dates.
 */
export function planPayments(
  plan: PaymentPlan,
  totalCents: number,
  today: IsoDate,
  checkIn: IsoDate,
): PlannedPayment[] {
  if (plan === 'full' || !installmentsAvailable(today, checkIn)) return [{ dueDate: today, amountCents: totalCents }];
  const count = paymentPolicy.maxInstalments;
  const last = addDays(checkIn, -lastInstallmentDaysBeforeCheckIn);
  const middle = addDays(today, Math.floor(nightsBetween(today, last) / 2));
  const share = Math.floor(totalCents / count);
  const first = totalCents - share * (count - 1);
  return [
    { dueDate: today, amountCents: first },
    { dueDate: middle, amountCents: share },
    { dueDate: last, amountCents: share },
  ];
}

// The rental agreement ----------------------------------------------------------

export const agreementMessages = {
  required: 'Please accept the rental agreement to continue.',
  over25: `The primary renter of this home must be over ${agePolicy.minimumBookingAge}. Please confirm it to continue.`,
} as const;

export const agreementSchema = z
  .object({
    accepted: z.boolean({ error: 'agreement.accepted must be true or false' }),
    over25: z.boolean({ error: 'agreement.over25 must be true or false' }).optional(),
  })
  .strict();
export type AgreementInput = z.infer<typeof agreementSchema>;

/** Why an agreement does not let this booking go ahead, or null when it does. */
export function agreementProblem(agreement: AgreementInput | undefined, ageRestricted: boolean): string | null {
  if (!agreement?.accepted) return agreementMessages.required;
  if (ageRestricted && agreement.over25 !== true) return agreementMessages.over25;
  return null;
}

// Contracts ---------------------------------------------------------------------

/** In the answer of POST /api/stripe/create-payment-intent: what will be charged when (dollars). */
export const plannedPaymentSchema = z.object({ dueDate: z.string(), amount: z.number() });
export type PlannedPaymentDto = z.infer<typeof plannedPaymentSchema>;

export function toPlannedPaymentDtos(planned: readonly PlannedPayment[]): PlannedPaymentDto[] {
  return planned.map(({ dueDate, amountCents }) => ({ dueDate, amount: centsToDollars(amountCents) }));
}

/** One charge of a booking's schedule, on its page and in the console. */
export const scheduledPaymentSchema = z.object({
  /** 1, 2 or 3. */
  seq: z.number().int(),
  dueDate: z.string(),
  amount: z.number(),
  status: z.enum(installmentStatuses),
  paidAt: z.string().nullable(),
  /** Why the last attempt failed; the guest may pay it from the booking's page until `payBy`. */
  failureMessage: z.string().nullable(),
  /** When the booking is cancelled unless a failed payment is made (ISO instant). */
  payBy: z.string().nullable(),
});
export type ScheduledPayment = z.infer<typeof scheduledPaymentSchema>;

export const depositSummarySchema = z.object({
  amount: z.number(),
  status: z.enum(depositStatuses),
  /** The current hold lasts until this instant (ISO), while one is held. */
  heldUntil: z.string().optional(),
  /** When the first hold is placed (ISO), while scheduled. */
  holdFrom: z.string().optional(),
  capturedAmount: z.number().optional(),
  /** Why part of it was captured, in words (e.g. "Smoking inside a home"). */
  capturedFor: z.string().optional(),
});
export type DepositSummary = z.infer<typeof depositSummarySchema>;

export const agreementRecordSchema = z.object({
  version: z.string(),
  acceptedAt: z.string(),
  over25: z.boolean(),
});
export type AgreementRecord = z.infer<typeof agreementRecordSchema>;

/** 201 of POST /api/trips/{code}/schedule/{seq}/pay and POST /api/trips/{code}/deposit/authorize. */
export const tripPaymentResponseSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type TripPaymentResponse = z.infer<typeof tripPaymentResponseSchema>;

/** POST /api/trips/{code}/schedule/{seq}/confirm and .../deposit/confirm. */
export const tripPaymentConfirmBodySchema = z.object({ paymentIntentId: z.string().min(1).max(200) }).strict();

// Deposit capture (console) -----------------------------------------------------

export const depositCaptureReasons = ['late-checkout', 'smoking', 'lost-keys', 'damage'] as const;
export type DepositCaptureReason = (typeof depositCaptureReasons)[number];

export function penaltyOf(reason: DepositCaptureReason): Penalty | undefined {
  return penalties.find((penalty) => penalty.id === reason);
}

/** POST /api/admin/reservations/{code}/deposit/capture */
export const depositCaptureBodySchema = z
  .object({
    /** Dollars; a listed penalty's amount when the reason is one, any amount up to the hold for damage. */
    amount: z
      .number({ error: 'amount is required, in dollars' })
      .positive({ error: 'amount must be more than $0' })
      .max(centsToDollars(depositPolicy.maxCents), { error: 'amount must be at most $1,000' })
      .refine(
        (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        {
          error: 'amount must be in whole cents',
        },
      ),
    reason: z.enum(depositCaptureReasons, { error: `reason must be one of ${depositCaptureReasons.join(', ')}` }),
    note: z.string().trim().max(2000, { error: 'note must be at most 2000 characters' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.reason === 'damage' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'note is required for damage: say what was damaged' });
    }
  });
export type DepositCaptureBody = z.infer<typeof depositCaptureBodySchema>;

export const depositCaptureResponseSchema = z.object({
  code: z.string(),
  captured: z.number(),
  reason: z.enum(depositCaptureReasons),
  released: z.number(),
  status: z.enum(depositStatuses),
});
export type DepositCaptureResponse = z.infer<typeof depositCaptureResponseSchema>;

/** The wording of a capture reason for staff and the guest's e-mail. */
export function captureReasonLabel(reason: DepositCaptureReason): string {
  return penaltyOf(reason)?.label ?? 'Damage';
}
