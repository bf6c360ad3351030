// Zod contracts of the console's reservations API (issue 14 section 5). Money
// is in dollars at the edge. Owners see their homes' reservations with the
// guest's first name and last initial only: `email` and `phoneNumber` are
// null for them, and staff notes and e-mails sent are left out (empty).
import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { agreementRecordSchema, depositSummarySchema, scheduledPaymentSchema } from '../payment-schedule.js';
import { isWholeCents } from './rates.js';
import { taskProblemSchema } from '../tasks.js';

export const reservationStatuses = ['confirmed', 'cancelled'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

const isoDate = (name: string) =>
  z.string().refine(isIsoDate, { error: `${name} must be a calendar date written as YYYY-MM-DD` });

/**
 * GET /api/admin/reservations and /api/admin/reservations.csv. `from`/`to`
 * keep stays sharing a night with [from, to); `q` matches the code, the
 * guest's name or e-mail (owners: code and name only).
 */
export const adminReservationQuerySchema = z
  .object({
    propertyId: z.string().trim().min(1).max(200).optional(),
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
    status: z.enum(reservationStatuses, { error: 'status is confirmed or cancelled' }).optional(),
    q: z.string().trim().max(100, { error: 'The search is at most 100 characters' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.to > q.from, { error: 'to is after from', path: ['to'] });
export type AdminReservationQuery = z.infer<typeof adminReservationQuerySchema>;

export const adminReservationListItemSchema = z.object({
  code: z.string(),
  /** The home's propertyId, e.g. SAS-1006. */
  propertyId: z.string(),
  propertyName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  status: z.enum(reservationStatuses),
  /** What the guest paid, in dollars. */
  totalAmount: z.number(),
  firstName: z.string().nullable(),
  /** Owners: the initial only, e.g. "D." */
  lastName: z.string().nullable(),
  /** Owners: always null. */
  email: z.string().nullable(),
  /** ISO timestamp. */
  bookedAt: z.string(),
});
export type AdminReservationListItem = z.infer<typeof adminReservationListItemSchema>;
export const adminReservationListSchema = z.array(adminReservationListItemSchema);

export const cancellationRefundStatuses = ['refund_pending', 'done'] as const;
export const cancellationRefundChoices = ['policy', 'full', 'none', 'amount'] as const;
export type RefundChoiceName = (typeof cancellationRefundChoices)[number];

/** A staff note; also the 201 answer of POST /api/admin/reservations/{code}/notes. */
export const adminReservationNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorEmail: z.string(),
  createdAt: z.string(),
});
export type AdminReservationNote = z.infer<typeof adminReservationNoteSchema>;

export const adminPriceLineSchema = z.object({ label: z.string(), amount: z.number() });

// Photos of a deposit (issue 17) ------------------------------------------------------

/** Most photos one security deposit keeps as evidence (422 beyond). */
export const maxDepositPhotos = 10;

/**
 * A photo staff attached to the security deposit, as evidence of damage or of
 * a listed penalty; the capture e-mail links to each. Stored like a home's
 * uploads (every width and format), under a key of its own.
 */
export const depositPhotoSchema = z.object({
  key: z.string(),
  /** The largest stored width, WebP. */
  url: z.string(),
  /** A small stored width, WebP, for thumbnails. */
  thumbnailUrl: z.string(),
});
export type DepositPhoto = z.infer<typeof depositPhotoSchema>;

/** 201 of POST /api/admin/reservations/{code}/deposit/photos: the photos just stored, in upload order. */
export const depositPhotoUploadResponseSchema = z.array(depositPhotoSchema);

/** DELETE /api/admin/reservations/{code}/deposit/photos/{key} */
export const depositPhotoParamsSchema = z
  .object({ code: z.string().min(1).max(64), key: z.string().trim().min(1).max(200) })
  .strict();

export const adminReservationDetailSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(reservationStatuses),
  bookedAt: z.string(),
  cancelledAt: z.string().nullable(),
  property: z.object({ id: z.string(), propertyId: z.string(), name: z.string(), timeZone: z.string() }),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guest: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  party: z.object({
    adults: z.number().int(),
    children: z.number().int(),
    infants: z.number().int(),
    pets: z.number().int(),
  }),
  /** Nights, fees, taxes and each add-on, in dollars; they add up to totalAmount. */
  priceLines: z.array(adminPriceLineSchema),
  addOns: z.array(z.object({ name: z.string(), option: z.string().nullable(), price: z.number() })),
  totalAmount: z.number(),
  currency: z.string(),
  /** Every payment of the booking: the stay's, later installments, the deposit's card check and holds, services. */
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      /** stay, installment, validation (the $2 card check), deposit (a hold), concierge. */
      purpose: z.string(),
      status: z.string(),
      amount: z.number(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), amount: z.number(), status: z.string(), reason: z.string(), createdAt: z.string() }),
  ),
  /** The stay's charges by due date (issue 17): one when paid in full, up to 3 in installments. */
  schedule: z.array(scheduledPaymentSchema),
  /** The security deposit; `status: 'none'` (amount 0) when the home asks for none. */
  deposit: depositSummarySchema,
  /** Photos attached to the deposit as evidence, in the order they were added; empty without any. */
  depositPhotos: z.array(depositPhotoSchema),
  /** Damage cleaners reported at this stay's departure (issue 30), newest first: evidence for a deposit capture. */
  reportedDamage: z.array(taskProblemSchema),
  /** The rental agreement the guest accepted; null for bookings made before it was asked. */
  agreement: agreementRecordSchema.nullable(),
  /** From the e-mail outbox, by reference to this booking. Owners: empty. */
  emails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subject: z.string(),
      to: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  /** Staff notes, oldest first. Owners: empty. */
  notes: z.array(adminReservationNoteSchema),
  cancellation: z
    .object({
      cancelledAt: z.string(),
      actor: z.enum(['guest', 'staff', 'system']),
      refundChoice: z.enum(cancellationRefundChoices),
      refundAmount: z.number(),
      refundStatus: z.enum(cancellationRefundStatuses),
      lastError: z.string().nullable(),
    })
    .nullable(),
});
export type AdminReservationDetail = z.infer<typeof adminReservationDetailSchema>;

/** POST /api/admin/reservations/{code}/notes */
export const adminReservationNoteRequestSchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, { error: 'A note cannot be empty' })
      .max(4000, { error: 'A note is at most 4000 characters' }),
  })
  .strict();

/** 202 answer of POST /api/admin/reservations/{code}/resend-confirmation */
export const adminResendConfirmationSchema = z.object({ queued: z.literal(true), to: z.string() });

/**
 * POST /api/admin/reservations/{code}/cancel: a refund chosen as the
 * policy's tier, in full, none, or an amount in dollars (0 to what was paid).
 */
export const adminCancelRequestSchema = z.union(
  [
    z.object({ refund: z.enum(['policy', 'full', 'none']) }).strict(),
    z
      .object({
        refundAmount: z
          .number({ error: 'refundAmount must be a number of dollars' })
          .min(0, { error: 'refundAmount cannot be negative' })
          .refine(isWholeCents, { error: 'refundAmount has at most two decimals' }),
      })
      .strict(),
  ],
  { error: "Choose a refund: { refund: 'policy' | 'full' | 'none' } or { refundAmount } in dollars" },
);
export type AdminCancelRequest = z.infer<typeof adminCancelRequestSchema>;

/** 200 answer of the cancel: the same for every repeat of it (the first request decided). */
export const adminCancelResultSchema = z.object({
  code: z.string(),
  status: z.literal('cancelled'),
  cancelledAt: z.string(),
  refundChoice: z.enum(cancellationRefundChoices),
  /** Dollars decided for the refund (issued, or being retried while refundStatus is refund_pending). */
  refundedAmount: z.number(),
  /**
   * Where the refund is now: `done` once the provider issued it. A repeat that
   * races the first request may still see `refund_pending`; the decision is the same.
   */
  refundStatus: z.enum(cancellationRefundStatuses),
});
export type AdminCancelResult = z.infer<typeof adminCancelResultSchema>;

/** GET /api/admin/reservations/{code}/cancel-preview: what each choice would refund now, in dollars. */
export const adminCancelPreviewSchema = z.object({
  code: z.string(),
  paidAmount: z.number(),
  /** The policy's tier today: 100, 50 or 0. */
  policyPercent: z.number(),
  policyRefundAmount: z.number(),
  fullRefundAmount: z.number(),
});
export type AdminCancelPreview = z.infer<typeof adminCancelPreviewSchema>;
