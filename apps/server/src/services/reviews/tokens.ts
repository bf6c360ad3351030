// The link of a verified review (issue 28): the booking's id and an HMAC of
// it under JWT_SECRET (with a purpose of its own, so it is worth nothing as
// any other token), base64url, 45 characters: short enough for a path
// segment (GET /api/reviews/request/{token}). It does not expire by itself:
// the review window (checkout to 60 days after) is the booking's, checked
// when the link is used, and a used link answers 404.
import { createHmac, timingSafeEqual } from 'node:crypto';

const purpose = 'summit-and-shore review link v1';
const macBytes = 16;

function uuidBytes(id: string): Buffer | null {
  const hex = id.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex') : null;
}

function mac(jwtSecret: string, id: Buffer): Buffer {
  return createHmac('sha256', jwtSecret).update(purpose).update(id).digest().subarray(0, macBytes);
}

/** A link token for the booking `bookingId` (a UUID). */
export function signReviewToken(jwtSecret: string, bookingId: string): Promise<string> {
  const id = uuidBytes(bookingId);
  if (!id) throw new Error(`Not a booking id: ${bookingId}`);
  return Promise.resolve(`${id.toString('base64url')}.${mac(jwtSecret, id).toString('base64url')}`);
}

/** The booking id a review link is for, or null for a bad link; never throws. */
export function verifyReviewToken(jwtSecret: string, token: string): Promise<string | null> {
  const [idPart, macPart, ...rest] = token.split('.');
  if (!idPart || !macPart || rest.length > 0) return Promise.resolve(null);
  const id = Buffer.from(idPart, 'base64url');
  const given = Buffer.from(macPart, 'base64url');
  if (id.length !== 16 || given.length !== macBytes) return Promise.resolve(null);
  if (!timingSafeEqual(given, mac(jwtSecret, id))) return Promise.resolve(null);
  const hex = id.toString('hex');
  return Promise.resolve(
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  );
}

export const reviewPagePath = '/review';

export function reviewUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${reviewPagePath}?token=${encodeURIComponent(token)}`;
}
