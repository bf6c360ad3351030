// Marketing e-mail is consented and unsubscribable (issue 28): each marketing
// message carries a signed link for its address (an HMAC under JWT_SECRET
// with a purpose of its own), used both as the visible link and as the
// RFC 8058 one-click List-Unsubscribe target. An unsubscribed address gets no
// marketing e-mail again; transactional messages are unaffected.
import { emailUnsubscribes, type Database, type Transaction } from '@sas/db';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';

const purpose = 'summit-and-shore unsubscribe v1';
const macBytes = 16;

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

function mac(jwtSecret: string, email: string): Buffer {
  return createHmac('sha256', jwtSecret).update(purpose).update(email).digest().subarray(0, macBytes);
}

export function signUnsubscribeToken(jwtSecret: string, email: string): string {
  const address = normalise(email);
  return `${Buffer.from(address).toString('base64url')}.${mac(jwtSecret, address).toString('base64url')}`;
}

/** The address a link unsubscribes, or null for a bad link. */
export function verifyUnsubscribeToken(jwtSecret: string, token: string): string | null {
  const [addressPart, macPart, ...rest] = token.split('.');
  if (!addressPart || !macPart || rest.length > 0) return null;
  const address = Buffer.from(addressPart, 'base64url').toString('utf8');
  const given = Buffer.from(macPart, 'base64url');
  if (address === '' || given.length !== macBytes) return null;
  return timingSafeEqual(given, mac(jwtSecret, address)) ? address : null;
}

export const unsubscribePath = '/api/email/unsubscribe';

export function unsubscribeUrl(publicUrl: string, jwtSecret: string, email: string): string {
  return `${publicUrl}${unsubscribePath}?token=${encodeURIComponent(signUnsubscribeToken(jwtSecret, email))}`;
}

/** RFC 2369 and RFC 8058 headers of a marketing message to `email`. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export async function isUnsubscribed(db: Pick<Database | Transaction, 'select'>, email: string): Promise<boolean> {
  const rows = await db
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(eq(emailUnsubscribes.email, normalise(email)));
  return rows.length > 0;
}

export async function unsubscribe(db: Database, email: string, now: Date): Promise<void> {
  await db
    .insert(emailUnsubscribes)
    .values({ email: normalise(email), createdAt: now })
    .onConflictDoNothing({ target: emailUnsubscribes.email });
}
