// Who may do what in the console (DESIGN.md "Running the business"): one
// place that every /api/admin route asks. The role is read from the database
// on every request, not from the access token, so an account demoted or
// removed by an admin loses the console at once rather than when its token
// lapses.
import { propertyOwners, users, type Database } from '@sas/db';
import {
  forbiddenMessage,
  sessionExpiredMessage,
  sessionRequiredMessage,
  totpSetupRequiredCode,
  totpSetupRequiredMessage,
  type UserRole,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

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

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireConsole: the console user making the request. */
    consoleUser: ConsoleUser | null;
  }
}

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

/** May this user see and act on this home (by UUID)? */
export function canAccessHome(user: ConsoleUser, propertyUuid: string): boolean {
  return user.homes === null || user.homes.has(propertyUuid);
}

/**
 * Hook for /api/admin routes: 401 without a valid token, 403 unless the
 * account's current role is one of `roles`. Sets request.consoleUser. The
 * console plugin runs it for every route at onRequest, before the body is
 * read, so a caller who may not use the console learns nothing about the
 * request format; each route runs it again with its own roles (the account
 * is then read once).
 */
export function requireConsole(db: Database, ...roles: ConsoleRole[]): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    if (!request.auth) {
      void reply.header('www-authenticate', 'Bearer');
      return reply.code(401).send({
        message: request.authFailure === 'expired' ? sessionExpiredMessage : sessionRequiredMessage,
      });
    }
    const user = request.consoleUser ?? (await loadConsoleUser(db, request.auth.userId));
    if (!user || !roles.includes(user.role)) return reply.code(403).send({ message: forbiddenMessage });
    if (request.server.env.STAFF_REQUIRE_2FA && user.role !== 'owner' && !user.totpEnabled) {
      return reply.code(403).send({ message: totpSetupRequiredMessage, code: totpSetupRequiredCode });
    }
    request.consoleUser = user;
  };
}

/** The console user of a route guarded by requireConsole; throws a 401 if the guard was forgotten. */
export function consoleUserOf(request: FastifyRequest): ConsoleUser {
  if (request.consoleUser) return request.consoleUser;
  throw Object.assign(new Error(sessionRequiredMessage), { statusCode: 401 });
}
