// Console accounts (issue 14, "Who does what"): the list admins see, role and
// homes changes, and the upsert of the `npm run users` command. One set of
// rules for the console, the command and the control socket: an owner's homes
// are named by UUID, listing number or slug; homes belong to owners only; the
// last admin keeps their role; every change is audited in its transaction.
import {
  isUniqueViolation,
  properties,
  propertyOwners,
  userInvites,
  users,
  type Database,
  type Queryable,
  type Transaction,
} from '@sas/db';
import {
  DomainError,
  homesForOwnersMessage,
  lastAdminMessage,
  propertyDisplayName,
  type AdminUser,
  type UserRole,
} from '@sas/domain';
import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { findUserByEmail } from '../auth/accounts.js';
import { reattributeHomeStays } from '../ledger/post.js';
import { resolvePropertyRef } from '../property-ref.js';
import { recordAudit, type AuditActor } from './audit.js';

/** UUIDs of the homes `refs` name; a name that matches no home is refused (invalid), naming it. */
export async function resolveHomes(db: Queryable, refs: readonly string[]): Promise<string[]> {
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const ref of refs) {
    const home = await resolvePropertyRef(db, ref);
    if (home) ids.add(home.id);
    else unknown.push(ref);
  }
  if (unknown.length > 0) {
    throw new DomainError('invalid', `No home is called ${unknown.map((ref) => `"${ref}"`).join(', ')}`);
  }
  return [...ids];
}

/** What `npm start` prints while no admin account exists: no account has a default password. */
export const noAdminHint = [
  'No admin account yet. Create one (you will be asked for its password) with:',
  '  npm run users -- add --email you@example.com --role admin',
].join('\n');

/** Whether any admin account exists (start-up tells how to make one when none does). */
export async function hasAdmin(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return (row?.n ?? 0) > 0;
}

// Reading ------------------------------------------------------------------------------------

type UserRow = typeof users.$inferSelect;

async function toAdminUsers(db: Queryable, rows: readonly UserRow[]): Promise<AdminUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [homeRows, inviteRows] = await Promise.all([
    db
      .select({
        userId: propertyOwners.userId,
        id: properties.id,
        propertyId: properties.propertyId,
        name: properties.name,
        publicName: properties.publicName,
      })
      .from(propertyOwners)
      .innerJoin(properties, eq(properties.id, propertyOwners.propertyId))
      .where(inArray(propertyOwners.userId, ids))
      .orderBy(asc(properties.propertyId)),
    db
      .select({ userId: userInvites.userId, until: sql<string>`max(${userInvites.expiresAt})`.mapWith(String) })
      .from(userInvites)
      .where(and(inArray(userInvites.userId, ids), isNull(userInvites.usedAt), gt(userInvites.expiresAt, sql`now()`)))
      .groupBy(userInvites.userId),
  ]);
  const pending = new Map(inviteRows.map((row) => [row.userId, new Date(row.until).toISOString()]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    homes: homeRows
      .filter((home) => home.userId === row.id)
      .map((home) => ({
        id: home.id,
        propertyId: home.propertyId,
        name: propertyDisplayName({ public_name: home.publicName, name: home.name }),
      })),
    hasPassword: row.passwordHash !== null,
    totpEnabled: row.totpEnabledAt !== null,
    invitePendingUntil: pending.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Accounts that can reach the console (owners, staff, admins), or every account with `all`. */
export async function listUsers(db: Queryable, { all = false }: { all?: boolean } = {}): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(all ? undefined : ne(users.role, 'guest'))
    .orderBy(asc(users.role), asc(sql`lower(${users.email})`));
  return toAdminUsers(db, rows);
}

export async function getAdminUser(db: Queryable, id: string): Promise<AdminUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? ((await toAdminUsers(db, [row]))[0] ?? null) : null;
}

// Writing -------------------------------------------------------------------------------------

async function homesOf(tx: Queryable, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ propertyId: propertyOwners.propertyId })
    .from(propertyOwners)
    .where(eq(propertyOwners.userId, userId));
  return rows.map((row) => row.propertyId).sort();
}

/**
 * Sets an account's role and, for an owner, homes (UUIDs). An account that
 * stops being an owner loses its homes; the last admin cannot stop being one.
 * The admin rows are locked first, so two admins demoting each other at once
 * cannot both succeed.
 */
export async function applyRoleAndHomes(
  tx: Transaction,
  user: Pick<UserRow, 'id' | 'role'>,
  change: { role?: UserRole | undefined; homes?: readonly string[] | undefined },
  now: Date,
): Promise<void> {
  const role = change.role ?? user.role;
  if (change.homes !== undefined && change.homes.length > 0 && role !== 'owner') {
    throw new DomainError('invalid', homesForOwnersMessage);
  }
  if (user.role === 'admin' && role !== 'admin') {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    if (admins.length <= 1) throw new DomainError('conflict', lastAdminMessage);
  }
  if (role !== user.role) {
    await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
  }
  const before = await homesOf(tx, user.id);
  if (role !== 'owner') {
    await tx.delete(propertyOwners).where(eq(propertyOwners.userId, user.id));
  } else if (change.homes !== undefined) {
    await tx.delete(propertyOwners).where(eq(propertyOwners.userId, user.id));
    if (change.homes.length > 0) {
      await tx.insert(propertyOwners).values(change.homes.map((propertyId) => ({ userId: user.id, propertyId })));
    }
  }
  // The owner of a stay is the home's owner on its nights: the homes gained or lost move their stays' payable.
  const after = await homesOf(tx, user.id);
  const changed = [...before.filter((id) => !after.includes(id)), ...after.filter((id) => !before.includes(id))];
  for (const propertyId of changed.sort()) await reattributeHomeStays(tx, propertyId, now);
}

/** What the audit log keeps of an account: never its password hash or secret. */
export async function snapshotOf(tx: Queryable, userId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      role: users.role,
      hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
      totpEnabled: sql<boolean>`${users.totpEnabledAt} IS NOT NULL`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, homes: await homesOf(tx, userId) } : null;
}

/** PATCH /api/admin/users/{id}: role and/or homes (names resolved here). */
export async function updateUser(
  db: Database,
  actor: AuditActor,
  id: string,
  change: { role?: UserRole | undefined; homes?: readonly string[] | undefined },
  now: Date,
): Promise<AdminUser> {
  const homes = change.homes === undefined ? undefined : await resolveHomes(db, change.homes);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!user) throw new DomainError('not_found', 'No account has this id');
    const before = await snapshotOf(tx, id);
    await applyRoleAndHomes(tx, user, { role: change.role, homes }, now);
    await recordAudit(tx, actor, {
      action: 'user.update',
      entity: 'user',
      entityId: id,
      before,
      after: await snapshotOf(tx, id),
    });
  });
  const updated = await getAdminUser(db, id);
  if (!updated) throw new DomainError('not_found', 'No account has this id');
  return updated;
}

export interface UpsertAccountInput {
  email: string;
  role: UserRole;
  /** An argon2id hash made by the caller (the command hashes before anything leaves it); undefined keeps the password. */
  passwordHash?: string | undefined;
  /** Home names; undefined keeps an owner's homes. */
  homes?: readonly string[] | undefined;
  /** Turns two-step sign-in off: for someone who lost their authenticator. */
  resetTotp?: boolean | undefined;
}

/**
 * Creates or updates the account with this e-mail, in one transaction: what
 * the users command does, here or through the running server's control
 * socket. Returns whether it was created.
 */
export async function upsertAccount(
  db: Database,
  actor: AuditActor,
  input: UpsertAccountInput,
  now: Date,
): Promise<{ created: boolean; user: AdminUser }> {
  const homes = input.homes === undefined ? undefined : await resolveHomes(db, input.homes);
  const attempt = () =>
    db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, input.email);
      let id: string;
      let before: Awaited<ReturnType<typeof snapshotOf>> = null;
      if (existing) {
        id = existing.id;
        before = await snapshotOf(tx, id);
        if (input.passwordHash !== undefined || input.resetTotp) {
          await tx
            .update(users)
            .set({
              ...(input.passwordHash === undefined ? {} : { passwordHash: input.passwordHash }),
              ...(input.resetTotp ? { totpSecret: null, totpEnabledAt: null } : {}),
              updatedAt: sql`now()`,
            })
            .where(eq(users.id, id));
        }
        await applyRoleAndHomes(tx, existing, { role: input.role, homes }, now);
      } else {
        const [row] = await tx
          .insert(users)
          .values({ email: input.email.trim(), passwordHash: input.passwordHash ?? null, role: 'guest' })
          .returning({ id: users.id, role: users.role });
        if (!row) throw new Error('The user was not inserted');
        id = row.id;
        await applyRoleAndHomes(tx, row, { role: input.role, homes }, now);
      }
      await recordAudit(tx, actor, {
        action: existing ? 'user.update' : 'user.create',
        entity: 'user',
        entityId: id,
        before,
        after: await snapshotOf(tx, id),
      });
      return { created: !existing, id };
    });
  let result: { created: boolean; id: string };
  try {
    result = await attempt();
  } catch (err) {
    // Two creations of one e-mail at once: the second finds the first's account.
    if (!isUniqueViolation(err, 'users_email_lower')) throw err;
    result = await attempt();
  }
  const user = await getAdminUser(db, result.id);
  if (!user) throw new Error('The account vanished');
  return { created: result.created, user };
}
