// A guest message's words for one booking (issue 28): the template's subject
// and body with the booking's variables filled in, drawn in the one e-mail
// layout. Used to send, for the console's live preview, and for its test send.
import { type bookings, properties, type Database, type Transaction } from '@sas/db';
import {
  defaultCheckInTime,
  defaultCheckOutTime,
  doorCodeTemplates,
  fillMessageTemplate,
  formatDateWithWeekday,
  parseTimeOfDay,
  propertyDisplayName,
  type MessageTemplate,
  type MessageTemplateName,
  type MessageVariable,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import { renderEmail, type RenderedEmail } from '../email/render.js';
import { signReviewToken, reviewUrl } from '../reviews/tokens.js';
import { signTripToken, tripUrl } from '../trip-links.js';

type Reader = Pick<Database | Transaction, 'select'>;

export interface MessageLinks {
  jwtSecret: string;
  publicUrl: string;
}

export type MessageBooking = Pick<
  typeof bookings.$inferSelect,
  'id' | 'code' | 'checkIn' | 'checkOut' | 'firstName' | 'email' | 'propertyId'
>;

/** "4:00 PM" from "16:00". */
function clockText(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const half = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${half}`;
}

/** How {{doorCode}} reads: a line of its own, or nothing when the home has no code. */
export function doorCodeLine(doorCode: string | null): string {
  return doorCode ? `Door code: ${doorCode}` : '';
}

/**
 * The variables of one message of this booking, for its own guest (or the
 * staff member previewing it). The home's door code is told only in the
 * messages before checkout (doorCodeTemplates); never anywhere else.
 */
export async function messageVariablesFor(
  db: Reader,
  booking: MessageBooking,
  links: MessageLinks,
  template: MessageTemplateName,
  code?: string,
): Promise<Partial<Record<MessageVariable, string>>> {
  const [home] = await db
    .select({
      name: properties.name,
      publicName: properties.publicName,
      address: properties.address,
      checkInTime: properties.checkInTime,
      arrivalInstructions: properties.arrivalInstructions,
      doorCode: properties.doorCode,
    })
    .from(properties)
    .where(eq(properties.id, booking.propertyId));
  if (!home) throw new Error(`Property ${booking.propertyId} does not exist`);
  const tripToken = await signTripToken(links.jwtSecret, booking.code);
  const reviewToken = await signReviewToken(links.jwtSecret, booking.id);
  return {
    firstName: booking.firstName ?? 'there',
    home: propertyDisplayName({ public_name: home.publicName, name: home.name }),
    checkIn: formatDateWithWeekday(booking.checkIn),
    checkOut: formatDateWithWeekday(booking.checkOut),
    checkInTime: clockText(parseTimeOfDay(home.checkInTime) ?? defaultCheckInTime),
    checkOutTime: clockText(defaultCheckOutTime),
    address: home.address ?? 'on your booking page',
    arrivalInstructions: home.arrivalInstructions ?? '',
    doorCode: doorCodeTemplates.includes(template) ? doorCodeLine(home.doorCode) : '',
    tripLink: tripUrl(links.publicUrl, booking.code, tripToken),
    reviewLink: reviewUrl(links.publicUrl, reviewToken),
    bookingCode: booking.code,
    code: code ?? '(your personal code)',
  };
}

export async function renderGuestMessage(
  template: Pick<MessageTemplate, 'subject' | 'body'>,
  values: Partial<Record<MessageVariable, string>>,
  unsubscribeUrl?: string,
): Promise<RenderedEmail> {
  return renderEmail('guest-message', {
    subject: fillMessageTemplate(template.subject, values),
    body: fillMessageTemplate(template.body, values),
    unsubscribeUrl,
  });
}
