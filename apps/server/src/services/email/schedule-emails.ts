// The e-mails of a booking's money over time (issue 17): an installment that
// did not go through (with a link to pay it), a booking cancelled for a
// missed payment, and each step of the security deposit with its amounts (a
// capture with links to the photos staff attached to the deposit).
// Each is queued once per event (its dedupe key names the row and step).
import type { bookings } from '@sas/db';
import { formatUsd, photoUrl } from '@sas/domain';
import { signTripToken, tripUrl } from '../trip-links.js';
import { bookingReference } from './booking-emails.js';
import { enqueueEmail } from './outbox.js';
import { renderEmail, type RenderedEmail } from './render.js';

type BookingRow = typeof bookings.$inferSelect;
type Inserter = Parameters<typeof enqueueEmail>[0];

export const scheduleEmailKinds = {
  installmentFailed: 'installment_failed',
  installmentPaid: 'installment_paid',
  depositHeld: 'deposit_held',
  depositFailed: 'deposit_failed',
  depositFailedCompany: 'deposit_failed_company',
  depositReleased: 'deposit_released',
  depositCaptured: 'deposit_captured',
  depositPhotos: 'deposit_photos',
} as const;

/** What signs a link to the booking's page; no link without a secret. */
export interface LinkSettings {
  jwtSecret?: string | undefined;
  publicUrl: string;
}

/** A link to the booking's page, valid until `until` (the guest's deadline) when given, else 24 hours. */
async function bookingLink(settings: LinkSettings, code: string, until?: Date): Promise<string> {
  if (!settings.jwtSecret) return `${settings.publicUrl}/trips`;
  return tripUrl(settings.publicUrl, code, await signTripToken(settings.jwtSecret, code, until));
}

/** An instant on the home's clock, e.g. "Wednesday, January 6, 2027 at 12:00 PM MST". */
export function formatHomeInstant(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

/** The receipt of an installment paid later (by the scheduler, or by the guest on the booking's page). */
export async function enqueueInstallmentPaid(
  tx: Inserter,
  booking: BookingRow,
  charge: { seq: number; count: number; amountCents: number; paymentIntentId: string },
): Promise<boolean> {
  if (!booking.email) return false;
  const { queued } = await enqueueEmail(tx, {
    kind: scheduleEmailKinds.installmentPaid,
    to: booking.email,
    ...(await renderEmail('money-notice', {
      subject: `Payment ${charge.seq} of ${charge.count} received for your booking ${booking.code}`,
      title: 'Payment received',
      firstName: booking.firstName,
      paragraphs: [
        `We have charged installment ${charge.seq} of ${charge.count} of your stay, ${formatUsd(charge.amountCents)}, to your card. Thank you.`,
      ],
      rows: [
        ['Booking', booking.code],
        ['Paid', formatUsd(charge.amountCents)],
      ],
    })),
    dedupeKey: `installment-paid:${charge.paymentIntentId}`,
    reference: bookingReference(booking.id),
  });
  return queued;
}

export async function enqueueInstallmentFailed(
  tx: Inserter,
  booking: BookingRow,
  charge: { seq: number; amountCents: number; attempt: number; payBy: Date; message: string; timeZone: string },
  settings: LinkSettings,
): Promise<boolean> {
  if (!booking.email) return false;
  // The link lasts the grace period (issue 29): the guest has until payBy to pay from it.
  const url = await bookingLink(settings, booking.code, charge.payBy);
  const { queued } = await enqueueEmail(tx, {
    kind: scheduleEmailKinds.installmentFailed,
    to: booking.email,
    ...(await renderEmail('money-notice', {
      subject: `Payment needed for your booking ${booking.code}`,
      title: 'Your installment did not go through',
      firstName: booking.firstName,
      paragraphs: [
        `We tried to charge installment ${charge.seq} of your stay (${formatUsd(charge.amountCents)}) to your saved card, and it did not go through: ${charge.message}`,
        `Please pay it from your booking's page by ${formatHomeInstant(charge.payBy, charge.timeZone)} (the home's time). After that, the booking is cancelled under the cancellation policy.`,
      ],
      rows: [
        ['Booking', booking.code],
        ['Amount due', formatUsd(charge.amountCents)],
      ],
      link: { url, label: 'Pay on your booking’s page' },
    })),
    dedupeKey: `installment-failed:${booking.id}:${charge.seq}:${charge.attempt}`,
    reference: bookingReference(booking.id),
  });
  return queued;
}

export type DepositStep =
  | { kind: 'held'; amountCents: number; holdCount: number; until: Date }
  | { kind: 'released'; amountCents: number }
  | {
      kind: 'captured';
      amountCents: number;
      capturedCents: number;
      reason: string;
      note: string | null;
      /** Media keys of the photos attached to the deposit, linked in the e-mail. */
      photoKeys?: readonly string[] | undefined;
    }
  | { kind: 'failed'; amountCents: number; step: number; message: string }
  | {
      /** Photos attached to a capture after its e-mail went (issue 29): sent in a follow-up. */
      kind: 'photos-added';
      amountCents: number;
      capturedCents: number;
      photoKeys: readonly string[];
      /** How many photos the capture had before these, to number them on. */
      before: number;
    };

/** Tells the guest (and, for a failure, the company) about a step of the deposit. */
export async function enqueueDepositNotice(
  tx: Inserter,
  booking: BookingRow,
  step: DepositStep,
  settings: LinkSettings & { companyInbox?: string | undefined },
): Promise<boolean> {
  const amount = formatUsd(step.amountCents);
  let queued = false;
  const send = async (kind: string, to: string, email: RenderedEmail, key: string) => {
    const result = await enqueueEmail(tx, {
      kind,
      to,
      ...email,
      dedupeKey: key,
      reference: bookingReference(booking.id),
    });
    queued ||= result.queued;
  };
  const base = { firstName: booking.firstName, rows: [['Booking', booking.code] as [string, string]] };
  switch (step.kind) {
    case 'held':
      if (booking.email && step.holdCount === 1) {
        await send(
          scheduleEmailKinds.depositHeld,
          booking.email,
          await renderEmail('money-notice', {
            ...base,
            subject: `Security deposit held for your booking ${booking.code}`,
            title: 'Your security deposit is held',
            paragraphs: [
              `A hold of ${amount} is now on your card for your stay. It is not a charge: it is renewed while the stay lasts and released 2 days after check-out.`,
            ],
          }),
          `deposit-held:${booking.id}`,
        );
      }
      break;
    case 'released':
      if (booking.email) {
        await send(
          scheduleEmailKinds.depositReleased,
          booking.email,
          await renderEmail('money-notice', {
            ...base,
            subject: `Security deposit released for your booking ${booking.code}`,
            title: 'Your security deposit is released',
            paragraphs: [
              `The hold of ${amount} on your card has been released in full. Thank you for staying with us.`,
            ],
          }),
          `deposit-released:${booking.id}`,
        );
      }
      break;
    case 'captured':
      if (booking.email) {
        const photos = (step.photoKeys ?? []).map((key, index) => ({
          url: `${settings.publicUrl}${photoUrl(key, 1600, 'webp')}`,
          label: `Photo ${index + 1}`,
        }));
        await send(
          scheduleEmailKinds.depositCaptured,
          booking.email,
          await renderEmail('money-notice', {
            ...base,
            subject: `A charge from your security deposit for booking ${booking.code}`,
            title: 'A charge from your security deposit',
            paragraphs: [
              `We have charged ${formatUsd(step.capturedCents)} of your ${amount} security deposit: ${step.reason}.${step.note ? ` ${step.note}` : ''}`,
              `The rest of the hold, ${formatUsd(step.amountCents - step.capturedCents)}, is released.`,
            ],
            rows: [
              ...base.rows,
              ['Charged', formatUsd(step.capturedCents)],
              ['Released', formatUsd(step.amountCents - step.capturedCents)],
            ],
            links: photos.length > 0 ? { heading: 'Photos attached to this charge:', items: photos } : undefined,
          }),
          `deposit-captured:${booking.id}`,
        );
      }
      break;
    case 'photos-added':
      if (booking.email && step.photoKeys.length > 0) {
        const photos = step.photoKeys.map((key, index) => ({
          url: `${settings.publicUrl}${photoUrl(key, 1600, 'webp')}`,
          label: `Photo ${step.before + index + 1}`,
        }));
        await send(
          scheduleEmailKinds.depositPhotos,
          booking.email,
          await renderEmail('money-notice', {
            ...base,
            subject: `More photos of the charge from your security deposit, booking ${booking.code}`,
            title: 'More photos of the charge from your deposit',
            paragraphs: [
              `We have added ${photos.length === 1 ? 'a photo' : `${photos.length} photos`} to the ${formatUsd(step.capturedCents)} charge from your ${amount} security deposit. Nothing more has been charged.`,
            ],
            links: { heading: 'Photos added to this charge:', items: photos },
          }),
          `deposit-photos:${booking.id}:${step.photoKeys[0]}`,
        );
      }
      break;
    case 'failed': {
      const url = await bookingLink(settings, booking.code);
      if (booking.email) {
        await send(
          scheduleEmailKinds.depositFailed,
          booking.email,
          await renderEmail('money-notice', {
            ...base,
            subject: `Please authorise the security deposit for booking ${booking.code}`,
            title: 'We could not place your security deposit',
            paragraphs: [
              `We could not place the ${amount} security deposit hold on your saved card: ${step.message}`,
              'Please authorise it with a card from your booking’s page before check-in.',
            ],
            link: { url, label: 'Authorise the deposit' },
          }),
          `deposit-failed:${booking.id}:${step.step}`,
        );
      }
      if (settings.companyInbox) {
        await send(
          scheduleEmailKinds.depositFailedCompany,
          settings.companyInbox,
          await renderEmail('money-notice', {
            ...base,
            firstName: null,
            audience: 'company',
            subject: `Deposit hold failed: ${booking.code}`,
            title: 'A security deposit hold failed',
            paragraphs: [
              `The ${amount} deposit hold for booking ${booking.code} (${[booking.firstName, booking.lastName].filter(Boolean).join(' ') || 'unknown guest'}, ${booking.checkIn} to ${booking.checkOut}) could not be placed: ${step.message}. The guest has been asked to authorise it again.`,
            ],
          }),
          `deposit-failed-company:${booking.id}:${step.step}`,
        );
      }
      break;
    }
  }
  return queued;
}
