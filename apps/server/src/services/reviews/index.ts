// Verified reviews (issue 28): the review link of the thank-you message opens
// a form for that booking, from its checkout day until 60 days after; one
// review per booking (a unique index), written pending, published or hidden
// by staff in the console (services/console/reviews.ts). The public pages
// show a review only once published: until then its `hidden` is true, the
// one flag every public reader filters on.
import { bookings, isUniqueViolation, properties, reviews, type Database } from '@sas/db';
import {
  ownReviewPlatform,
  propertyDisplayName,
  reviewWindow,
  todayIn,
  type ReviewRequest,
  type SubmitReview,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { verifyReviewToken } from './tokens.js';

export const reviewLinkNotFoundMessage = 'This review link is not valid or has already been used';
export const reviewLinkExpiredMessage =
  'Reviews can be written until 60 days after checkout; this stay is too long ago';
export const reviewNotOpenMessage = 'The review form opens on your checkout day';
export const reviewExistsMessage = 'A review of this stay has already been written';

export type ReviewLinkOutcome =
  | {
      kind: 'ok';
      request: ReviewRequest;
      booking: { id: string; propertyId: string; checkIn: string; firstName: string | null; lastName: string | null };
    }
  | { kind: 'not_found' }
  | { kind: 'not_open' }
  | { kind: 'expired' }
  | { kind: 'used' };

/** What a review link is for, and whether a review may be written with it at `now`. */
export async function readReviewLink(
  db: Database,
  jwtSecret: string,
  token: string,
  now: Date,
): Promise<ReviewLinkOutcome> {
  const bookingId = await verifyReviewToken(jwtSecret, token);
  if (!bookingId) return { kind: 'not_found' };
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      propertyId: bookings.propertyId,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      name: properties.name,
      publicName: properties.publicName,
      timeZone: properties.timeZone,
      reviewId: reviews.id,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row || row.status !== 'confirmed') return { kind: 'not_found' };
  if (row.reviewId) return { kind: 'used' };
  const window = reviewWindow(row, row.timeZone);
  if (now < window.opensAt) return { kind: 'not_open' };
  if (now >= window.closesAt) return { kind: 'expired' };
  return {
    kind: 'ok',
    request: {
      propertyName: propertyDisplayName({ public_name: row.publicName, name: row.name }),
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      firstName: row.firstName,
    },
    booking: row,
  };
}

/** "Ada L." as the review's name: the first name and the initial, never the whole surname. */
function reviewerName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim() ?? '';
  if (first === '') return null;
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export type SubmitOutcome = { kind: 'created'; id: string } | Exclude<ReviewLinkOutcome, { kind: 'ok' }>;

export async function submitReview(
  db: Database,
  jwtSecret: string,
  body: SubmitReview,
  now: Date,
): Promise<SubmitOutcome> {
  const link = await readReviewLink(db, jwtSecret, body.token, now);
  if (link.kind !== 'ok') return link;
  const { booking } = link;
  const [home] = await db
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, booking.propertyId));
  const id = `guest-${randomUUID()}`;
  try {
    await db.insert(reviews).values({
      id,
      propertyId: booking.propertyId,
      guestName: reviewerName(booking.firstName, booking.lastName),
      platform: ownReviewPlatform,
      rating: body.rating,
      reviewText: body.text,
      reviewedAtDate: todayIn(home?.timeZone ?? 'America/Denver', now),
      source: 'guest',
      status: 'pending',
      hidden: true,
      bookingId: booking.id,
      stayedOn: booking.checkIn,
      ratings: body.ratings,
      submittedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'reviews_booking_unique')) return { kind: 'used' };
    throw err;
  }
  return { kind: 'created', id };
}
