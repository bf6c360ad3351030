// The link of a verified review (issue 28): an HS256 JWT signed with
// JWT_SECRET whose subject is the booking's id and whose audience is only
// reviews, so it never signs anyone in nor opens the trip. It does not expire
// by itself: the review window (checkout to 60 days after) is the booking's,
// checked when the link is used, and a used link answers 404.
import { SignJWT, jwtVerify } from 'jose';

const issuer = 'summit-and-shore';
const reviewAudience = 'review';

function secretKey(jwtSecret: string): Uint8Array {
  return new TextEncoder().encode(jwtSecret);
}

export async function signReviewToken(jwtSecret: string, bookingId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(bookingId)
    .setIssuer(issuer)
    .setAudience(reviewAudience)
    .sign(secretKey(jwtSecret));
}

/** The booking id a review link is for, or null for a bad link; never throws. */
export async function verifyReviewToken(jwtSecret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(jwtSecret), {
      algorithms: ['HS256'],
      issuer,
      audience: reviewAudience,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export const reviewPagePath = '/review';

export function reviewUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${reviewPagePath}?token=${encodeURIComponent(token)}`;
}
