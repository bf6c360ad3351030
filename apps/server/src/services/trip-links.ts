// Links to one booking (ADR 028): an HS256 JWT signed with JWT_SECRET whose
// subject is the booking code and whose audience is not the access tokens',
// so a link never signs anyone in. Sent by the trip lookup and the
// confirmation e-mail; verified by the trips routes.
import { tripLinkHours } from '@sas/domain';
import { SignJWT, jwtVerify } from 'jose';

const issuer = 'summit-and-shore';
/** Not the access tokens' audience: a trip link never signs anyone in. */
const tripAudience = 'trip';

function secretKey(jwtSecret: string): Uint8Array {
  return new TextEncoder().encode(jwtSecret);
}

/**
 * A link token for one booking, valid for 24 hours (tests pass a past
 * `expiresAt`). Like the access tokens, its lifetime is counted on jose's
 * clock, the one that verifies it, not on the app's business clock.
 */
export async function signTripToken(jwtSecret: string, code: string, expiresAt?: Date): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(code)
    .setIssuer(issuer)
    .setAudience(tripAudience)
    .setIssuedAt()
    .setExpirationTime(expiresAt ? Math.floor(expiresAt.getTime() / 1000) : `${tripLinkHours}h`)
    .sign(secretKey(jwtSecret));
}

/** Whether `token` is a valid, unexpired link to the booking `code`; never throws. */
export async function verifyTripToken(jwtSecret: string, token: string, code: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, secretKey(jwtSecret), {
      algorithms: ['HS256'],
      issuer,
      audience: tripAudience,
    });
    return payload.sub === code;
  } catch {
    return false;
  }
}

export function tripUrl(publicUrl: string, code: string, token: string): string {
  return `${publicUrl}/trips/${encodeURIComponent(code)}?token=${encodeURIComponent(token)}`;
}
