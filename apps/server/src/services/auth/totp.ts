// Two-step sign-in (issue 14; ADR 024): time-based one-time codes (RFC 6238,
// SHA-1, 6 digits, 30 s) from an authenticator app, with otpauth. Staff and
// admins enrol by scanning a QR code (rendered here as SVG, so no QR code
// library reaches the browser) and confirming one code; from then on sign-in
// asks for a code after the right password. STAFF_REQUIRE_2FA makes it
// compulsory for them (services/console/access.ts).
import { users, type Database } from '@sas/db';
import { companyName, totpRoles, type UserRole } from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** One step either side: a phone clock 30 s off, or a code typed as it turned over, still works. */
const window = 1;

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: companyName,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function verifyTotp(secret: string, code: string): boolean {
  try {
    return totp(secret).validate({ token: code, window }) !== null;
  } catch {
    // A malformed stored secret is no match, never a 500.
    return false;
  }
}

/** Whether this role may turn on two-step sign-in (and must, with STAFF_REQUIRE_2FA). */
export function usesTotp(role: UserRole): boolean {
  return (totpRoles as readonly string[]).includes(role);
}

type TotpUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'totpSecret' | 'totpEnabledAt'>;

async function readTotpUser(db: Pick<Database, 'select'>, userId: string): Promise<TotpUser | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export type SetupOutcome =
  | { status: 'pending'; secret: string; otpauthUrl: string; qrSvg: string }
  | { status: 'already_enabled' }
  | { status: 'no_account' };

/**
 * A new secret, kept as pending (totp_enabled_at stays null) until a code
 * from it is confirmed; starting again replaces a pending one. An enabled
 * secret is never replaced here: turning it off needs a code first.
 */
export async function startTotpSetup(db: Database, userId: string): Promise<SetupOutcome> {
  const user = await readTotpUser(db, userId);
  if (!user) return { status: 'no_account' };
  if (user.totpEnabledAt !== null) return { status: 'already_enabled' };
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecret: secret, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  const otpauthUrl = totp(secret, user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { status: 'pending', secret, otpauthUrl, qrSvg };
}

export type EnableOutcome = 'enabled' | 'not_pending' | 'already_enabled' | 'invalid_code';

export async function enableTotp(db: Database, userId: string, code: string): Promise<EnableOutcome> {
  const user = await readTotpUser(db, userId);
  if (!user) return 'not_pending';
  if (user.totpEnabledAt !== null) return 'already_enabled';
  if (user.totpSecret === null) return 'not_pending';
  if (!verifyTotp(user.totpSecret, code)) return 'invalid_code';
  // Only the secret the code was checked against is enabled, should a new set-up have raced this one.
  const [enabled] = await db
    .update(users)
    .set({ totpEnabledAt: sql`now()`, updatedAt: sql`now()` })
    .where(sql`${users.id} = ${userId} AND ${users.totpSecret} = ${user.totpSecret} AND ${users.totpEnabledAt} IS NULL`)
    .returning({ id: users.id });
  return enabled ? 'enabled' : 'not_pending';
}

export type DisableOutcome = 'disabled' | 'not_enabled' | 'invalid_code';

/** Turning it off takes a current code, so a stolen session alone cannot. */
export async function disableTotp(db: Database, userId: string, code: string): Promise<DisableOutcome> {
  const user = await readTotpUser(db, userId);
  if (!user || user.totpEnabledAt === null || user.totpSecret === null) return 'not_enabled';
  if (!verifyTotp(user.totpSecret, code)) return 'invalid_code';
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return 'disabled';
}

export async function isTotpEnabled(db: Pick<Database, 'select'>, userId: string): Promise<boolean> {
  const user = await readTotpUser(db, userId);
  return user?.totpEnabledAt != null;
}
