// Who may do what in the console (DESIGN.md "Running the business"): one
// rule that every /api/admin route asks through its guard (lib/console-guard.ts).
// The role is read from the database on every request, not from the access
// token, so an account demoted or removed by an admin loses the console at
// once rather than when its token lapses.
import { propertyOwners, users, type Database, type Queryable } from '@sas/db';
import type { UserRole } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { resolvePropertyRef, type ResolvedProperty } from '../property-ref.js';

export type ConsoleRole = Extract<UserRole, 'owner' | 'staff' | 'admin'>;

export interface ConsoleUser {
  id: string;
  email: string;
  role: ConsoleRole;
  /** An owner's homes (property UUIDs); null for staff and admins, who see every home. */
  homes: ReadonlySet<string> | null;
  /** Two-step sign-in is on (STAFF_REQUIRE_2FA refuses staff and admins without it). */
  totpEnabled: boolean;
}

/**
 * Who acts in the console: a console user, or a service token that acts as
 * staff without an account (the staff API key, id null), under the same rule.
 */
export type ConsolePrincipal = Pick<ConsoleUser, 'email' | 'role' | 'homes'> & { id: string | null };

const consoleRoles: readonly UserRole[] = ['owner', 'staff', 'admin'];

export function isConsoleRole(role: UserRole): role is ConsoleRole {
  return consoleRoles.includes(role);
}

/** The console user behind a verified access token, as the database has it now; null if not one. */
export async function loadConsoleUser(db: Database, userId: string): Promise<ConsoleUser | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !isConsoleRole(user.role)) return null;
  const totpEnabled = user.totpEnabledAt !== null;
  if (user.role !== 'owner') return { id: user.id, email: user.email, role: user.role, homes: null, totpEnabled };
  const owned = await db
    .select({ propertyId: propertyOwners.propertyId })
    .from(propertyOwners)
    .where(eq(propertyOwners.userId, user.id));
  return {
    id: user.id,
    email: user.email,
    role: 'owner',
    homes: new Set(owned.map((row) => row.propertyId)),
    totpEnabled,
  };
}

/**
 * The home `ref` names (UUID, listing number or slug) if this user may see
 * it; null otherwise. An owner asking for another owner's home gets the same
 * null as for an unknown one, so the console's 404 reveals nothing.
 */
export async function findVisibleHome(
  db: Queryable,
  user: Pick<ConsolePrincipal, 'homes'>,
  ref: string,
): Promise<ResolvedProperty | null> {
  const home = await resolvePropertyRef(db, ref);
  return home && canAccessHome(user, home.id) ? home : null;
}

/** May this user see and act on this home (by UUID)? */
export function canAccessHome(user: Pick<ConsolePrincipal, 'homes'>, propertyUuid: string): boolean {
  return user.homes === null || user.homes.has(propertyUuid);
}

/**
 * Why this console user may not make a request open to `roles`, or null when
 * they may. With STAFF_REQUIRE_2FA, staff and admins need two-step sign-in.
 * The route layer answers it (lib/console-guard.ts).
 */
export function consoleRefusal(
  user: ConsoleUser | null,
  roles: readonly ConsoleRole[],
  requireTotp: boolean,
): 'forbidden' | 'totp_setup_required' | null {
  if (!user || !roles.includes(user.role)) return 'forbidden';
  if (requireTotp && user.role !== 'owner' && !user.totpEnabled) return 'totp_setup_required';
  return null;
}
