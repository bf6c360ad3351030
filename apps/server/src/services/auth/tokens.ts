// Access and refresh tokens (ADR 012). The access token is a short-lived
// HS256 JWT (jose) that routes trust without a database read; the refresh
// token is 32 random bytes, kept only as its SHA-256, rotated on every use.
// Presenting a refresh token that was already rotated means two parties hold
// the same chain (one of them a thief), so the whole family is revoked.
import { randomBytes, randomUUID } from 'node:crypto';
import { refreshTokens, type Database } from '@sas/db';
import { userRoles, type UserRole } from '@sas/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { sha256Hex } from '../../lib/tokens.js';

const issuer = 'summit-and-shore';
const audience = 'summit-and-shore-api';

export interface TokenSettings {
  jwtSecret: string;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
}

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: string;
  role: UserRole;
  email: string;
}

export type AccessCheck = { status: 'ok'; claims: AccessClaims } | { status: 'expired' } | { status: 'invalid' };

function secretKey(settings: Pick<TokenSettings, 'jwtSecret'>): Uint8Array {
  return new TextEncoder().encode(settings.jwtSecret);
}

export async function signAccessToken(settings: TokenSettings, claims: AccessClaims): Promise<string> {
  return new SignJWT({ role: claims.role, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${settings.accessTokenTtlMinutes}m`)
    .sign(secretKey(settings));
}

function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (userRoles as readonly string[]).includes(value);
}

/** Checks signature, algorithm, issuer, audience and expiry; never throws. */
export async function verifyAccessToken(settings: TokenSettings, token: string): Promise<AccessCheck> {
  try {
    const { payload } = await jwtVerify(token, secretKey(settings), {
      algorithms: ['HS256'],
      issuer,
      audience,
    });
    const { sub, role, email } = payload;
    if (typeof sub !== 'string' || !isUserRole(role) || typeof email !== 'string') return { status: 'invalid' };
    return { status: 'ok', claims: { userId: sub, role, email } };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { status: 'expired' };
    return { status: 'invalid' };
  }
}

// Refresh tokens ---------------------------------------------------------------------

/** Whatever can write: the database or an open transaction. */
type Writer = Pick<Database, 'insert' | 'update' | 'select'>;

function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a new family (a sign-in) or continues one (a rotation); returns the token to hand out. */
export async function issueRefreshToken(
  tx: Writer,
  settings: TokenSettings,
  userId: string,
  familyId: string = randomUUID(),
): Promise<{ token: string; id: string }> {
  const token = newRefreshSecret();
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      userId,
      familyId,
      tokenHash: sha256Hex(token),
      expiresAt: sql`now() + make_interval(days => ${settings.refreshTokenTtlDays})`,
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('The refresh token was not inserted');
  return { token, id: row.id };
}

export type RotateOutcome =
  | { status: 'ok'; userId: string; refreshToken: string }
  /** Unknown, expired or revoked: sign in again. */
  | { status: 'invalid' }
  /** An already rotated token came back: its family has now been revoked. */
  | { status: 'reused' };

/**
 * Exchanges a refresh token for a new one of the same family. The row is
 * locked, so two concurrent uses of one token cannot both rotate it: the
 * second sees it rotated and is treated as reuse.
 */
export async function rotateRefreshToken(db: Database, settings: TokenSettings, token: string): Promise<RotateOutcome> {
  return db.transaction(async (tx): Promise<RotateOutcome> => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        revokedAt: refreshTokens.revokedAt,
        replacedBy: refreshTokens.replacedBy,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
      .for('update');
    if (!row) return { status: 'invalid' };
    if (row.revokedAt !== null) {
      if (row.replacedBy === null) return { status: 'invalid' };
      await revokeFamily(tx, row.familyId);
      return { status: 'reused' };
    }
    if (row.expired) return { status: 'invalid' };
    const next = await issueRefreshToken(tx, settings, row.userId, row.familyId);
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, replacedBy: next.id })
      .where(eq(refreshTokens.id, row.id));
    return { status: 'ok', userId: row.userId, refreshToken: next.token };
  });
}

async function revokeFamily(tx: Writer, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Sign-out: revokes the family of `token` (if it is one of ours); doing it twice is harmless. */
export async function revokeRefreshToken(db: Database, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)));
  if (row) await revokeFamily(db, row.familyId);
}

/** After a password reset: every session of the user ends. */
export async function revokeAllRefreshTokens(tx: Writer, userId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
