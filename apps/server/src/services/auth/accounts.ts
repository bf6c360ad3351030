// Accounts (ADR 012): sign-up, sign-in, the session user, password reset and
// the signed-in guest's bookings. Routes parse input and shape answers; the
// rules live here.
import { randomBytes } from 'node:crypto';
import { bookings, isUniqueViolation, passwordResetTokens, properties, users, type Database } from '@sas/db';
import { propertyDisplayName, type AccountBooking, type SessionUser } from '@sas/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sha256Hex } from '../../lib/tokens.js';
import { enqueueEmail } from '../email/outbox.js';
import { renderEmail } from '../email/render.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { issueRefreshToken, revokeAllRefreshTokens, signAccessToken, type TokenSettings } from './tokens.js';
import { verifyTotp } from './totp.js';

type UserRow = typeof users.$inferSelect;

export interface IssuedTokens {
  token: string;
  refreshToken: string;
}

/** A fresh sign-in: an access token and the first refresh token of a new family. */
export async function issueTokens(
  db: Pick<Database, 'insert' | 'update' | 'select'>,
  settings: TokenSettings,
  user: Pick<UserRow, 'id' | 'role' | 'email'>,
): Promise<IssuedTokens> {
  const refresh = await issueRefreshToken(db, settings, user.id);
  const token = await signAccessToken(settings, { userId: user.id, role: user.role, email: user.email });
  return { token, refreshToken: refresh.token };
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isGuest: user.role === 'guest',
  };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByEmail(db: Pick<Database, 'select'>, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

// Sign-up and sign-in -------------------------------------------------------------------

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export type RegisterOutcome = { status: 'created'; user: UserRow; tokens: IssuedTokens } | { status: 'email_taken' };

/** A new guest account. The unique index on lower(email) settles a race between two sign-ups. */
export async function registerUser(
  db: Database,
  settings: TokenSettings,
  input: RegisterInput,
): Promise<RegisterOutcome> {
  if (await findUserByEmail(db, input.email)) return { status: 'email_taken' };
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.trim(),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'guest',
        })
        .returning();
      if (!user) throw new Error('The user was not inserted');
      return { status: 'created' as const, user, tokens: await issueTokens(tx, settings, user) };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower')) return { status: 'email_taken' };
    throw err;
  }
}

export type LoginOutcome =
  | { status: 'ok'; user: UserRow; tokens: IssuedTokens }
  | { status: 'invalid' }
  /** Right password, but the account has two-step sign-in and no code came. */
  | { status: 'totp_required' }
  | { status: 'totp_invalid' };

/** With two-step sign-in on, the second factor of an account whose password was right. */
export function checkSecondFactor(
  user: Pick<UserRow, 'totpSecret' | 'totpEnabledAt'>,
  totpCode: string | undefined,
): 'ok' | 'totp_required' | 'totp_invalid' {
  if (user.totpEnabledAt === null || user.totpSecret === null) return 'ok';
  if (totpCode === undefined) return 'totp_required';
  return verifyTotp(user.totpSecret, totpCode) ? 'ok' : 'totp_invalid';
}

/**
 * The same answer, after the same work, for an unknown e-mail and a wrong
 * password; the code of two-step sign-in is asked for only after the right password.
 */
export async function logIn(
  db: Database,
  settings: TokenSettings,
  email: string,
  password: string,
  totpCode?: string,
): Promise<LoginOutcome> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(user?.passwordHash, password);
  if (!user || !matches) return { status: 'invalid' };
  const second = checkSecondFactor(user, totpCode);
  if (second !== 'ok') return { status: second };
  return { status: 'ok', user, tokens: await issueTokens(db, settings, user) };
}

// E-mailed links (password reset, invitations) --------------------------------------------

/** A link's secret and the SHA-256 under which it is stored: the database never holds the secret. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256Hex(token) };
}

/** Sets a password chosen through an e-mailed link; every session of the account ends. */
export async function setPasswordFromLink(
  tx: Pick<Database, 'insert' | 'update' | 'select'>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await revokeAllRefreshTokens(tx, userId);
}

// Password reset -------------------------------------------------------------------------

/** How long a reset link works. */
export const resetTokenMinutes = 60;

/**
 * Queues a reset e-mail for an existing account; does nothing otherwise, so
 * the caller answers the same either way. Earlier unused links stop working.
 * Returns whether an e-mail was queued (for poking the outbox, never for the answer).
 */
export async function requestPasswordReset(db: Database, email: string, publicUrl: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  const { token, tokenHash } = newLinkToken();
  return db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    const [row] = await tx
      .insert(passwordResetTokens)
      .values({
        userId: user.id,
        tokenHash,
        expiresAt: sql`now() + make_interval(mins => ${resetTokenMinutes})`,
      })
      .returning({ id: passwordResetTokens.id });
    if (!row) throw new Error('The reset token was not inserted');
    const resetUrl = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const message = await renderEmail('password-reset', {
      firstName: user.firstName,
      resetUrl,
      validMinutes: resetTokenMinutes,
    });
    const { queued } = await enqueueEmail(tx, {
      kind: 'password_reset',
      to: user.email,
      ...message,
      dedupeKey: `password_reset:${row.id}`,
      reference: `user:${user.id}`,
    });
    return queued;
  });
}

export type ResetOutcome = { status: 'reset' } | { status: 'invalid_token' };

/**
 * Sets a new password with a reset token: the token is used up by a
 * conditional update, so two uses racing each other cannot both succeed, and
 * every session of the account ends.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<ResetOutcome> {
  const tokenHash = sha256Hex(token);
  const [candidate] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  if (!candidate) return { status: 'invalid_token' };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx): Promise<ResetOutcome> => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.id, candidate.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return { status: 'invalid_token' };
    await setPasswordFromLink(tx, used.userId, passwordHash);
    return { status: 'reset' };
  });
}

// The guest's bookings ------------------------------------------------------------------------

/** Bookings recorded under the account (never matched by e-mail), latest stay first. */
export async function listAccountBookings(db: Database, userId: string): Promise<AccountBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      propertyId: bookings.propertyId,
      name: properties.name,
      publicName: properties.publicName,
      slug: properties.slug,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      status: bookings.status,
      totalCents: bookings.totalCents,
      currency: bookings.currency,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.checkIn), desc(bookings.createdAt));
  return rows.map((row) => ({
    id: row.id,
    confirmationCode: row.code,
    propertyId: row.propertyId,
    propertyName: propertyDisplayName({ public_name: row.publicName, name: row.name }),
    propertySlug: row.slug,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    status: row.status,
    totalCents: row.totalCents,
    currency: row.currency,
  }));
}
