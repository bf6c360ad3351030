// Invitations to the console (issue 14; ADR 024): an admin names an e-mail,
// a role (staff or owner) and an owner's homes; the account is created
// without a password (or changed), and a link to set one is e-mailed through
// the outbox in the same transaction. The link works once, for 7 days; its
// token is kept as SHA-256 only, as password reset links are.
import { userInvites, users, type Database } from '@sas/db';
import { DomainError, inviteAdminMessage, inviteValidDays, type AdminUser, type InviteRole } from '@sas/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sha256Hex } from '../../lib/tokens.js';
import {
  checkSecondFactor,
  findUserByEmail,
  issueTokens,
  newLinkToken,
  setPasswordFromLink,
  type IssuedTokens,
} from '../auth/accounts.js';
import { hashPassword } from '../auth/passwords.js';
import type { TokenSettings } from '../auth/tokens.js';
import { enqueueEmail } from '../email/outbox.js';
import { renderEmail } from '../email/render.js';
import { recordAudit, type AuditActor } from './audit.js';
import { applyRoleAndHomes, getAdminUser, resolveHomes, snapshotOf } from './users.js';

export const inviteEmailKind = 'user_invite';

export interface InviteInput {
  email: string;
  role: InviteRole;
  homes?: readonly string[] | undefined;
}

/**
 * Creates the account (or sets the role and homes of an existing one),
 * replaces any earlier unused invitation and queues the e-mail, all in one
 * transaction with its audit entry. Returns the account as the list shows it.
 */
export async function inviteUser(
  db: Database,
  actor: AuditActor,
  input: InviteInput,
  publicUrl: string,
  now: Date,
): Promise<AdminUser> {
  const homes = input.homes === undefined ? undefined : await resolveHomes(db, input.homes);
  const { token, tokenHash } = newLinkToken();
  const userId = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    // Staff and owners are invited; an admin's role is changed in the list, never by accident here.
    if (existing?.role === 'admin') throw new DomainError('conflict', inviteAdminMessage);
    const user =
      existing ??
      (
        await tx
          .insert(users)
          .values({ email: input.email.trim(), passwordHash: null, role: 'guest' })
          .returning({ id: users.id, role: users.role })
      )[0];
    if (!user) throw new Error('The user was not inserted');
    const before = existing ? await snapshotOf(tx, user.id) : null;
    await applyRoleAndHomes(tx, user, { role: input.role, homes }, now);
    await tx
      .update(userInvites)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userInvites.userId, user.id), isNull(userInvites.usedAt)));
    const [invite] = await tx
      .insert(userInvites)
      .values({
        userId: user.id,
        tokenHash,
        invitedBy: actor.id,
        expiresAt: sql`now() + make_interval(days => ${inviteValidDays})`,
      })
      .returning({ id: userInvites.id });
    if (!invite) throw new Error('The invitation was not inserted');
    const inviteUrl = `${publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, {
      kind: inviteEmailKind,
      to: input.email.trim(),
      ...(await renderEmail('user-invite', { inviteUrl, role: input.role, invitedBy: actor.email })),
      dedupeKey: `${inviteEmailKind}:${invite.id}`,
      reference: `user:${user.id}`,
    });
    await recordAudit(tx, actor, {
      action: 'user.invite',
      entity: 'user',
      entityId: user.id,
      before,
      after: { ...(await snapshotOf(tx, user.id)), inviteExpiresInDays: inviteValidDays },
    });
    return user.id;
  });
  const user = await getAdminUser(db, userId);
  if (!user) throw new DomainError('not_found', 'No account has this id');
  return user;
}

export type AcceptOutcome =
  | { status: 'accepted'; email: string; tokens: IssuedTokens }
  | { status: 'invalid_token' }
  | { status: 'totp_required' }
  | { status: 'totp_invalid' };

const usable = (tokenHash: string) =>
  and(eq(userInvites.tokenHash, tokenHash), isNull(userInvites.usedAt), gt(userInvites.expiresAt, sql`now()`));

/**
 * Sets the password with an invitation and signs in. The invitation is used
 * up by a conditional update, so two uses racing cannot both succeed. An
 * account that already has two-step sign-in needs its code here too, or the
 * link would be a way around it; the link is then left unused.
 */
export async function acceptInvite(
  db: Database,
  settings: TokenSettings,
  input: { token: string; password: string; totpCode?: string | undefined },
): Promise<AcceptOutcome> {
  const tokenHash = sha256Hex(input.token);
  const [candidate] = await db
    .select({ user: users })
    .from(userInvites)
    .innerJoin(users, eq(users.id, userInvites.userId))
    .where(usable(tokenHash));
  if (!candidate) return { status: 'invalid_token' };
  const second = checkSecondFactor(candidate.user, input.totpCode);
  if (second !== 'ok') return { status: second };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const [used] = await tx
      .update(userInvites)
      .set({ usedAt: sql`now()` })
      .where(usable(tokenHash))
      .returning({ userId: userInvites.userId });
    if (!used) return { status: 'invalid_token' };
    await setPasswordFromLink(tx, used.userId, passwordHash);
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId));
    if (!user) return { status: 'invalid_token' };
    return { status: 'accepted', email: user.email, tokens: await issueTokens(tx, settings, user) };
  });
}
