// The console's guard (DESIGN.md "Running the business"): the HTTP side of the
// rule in services/console/access.ts. Every /api/admin route names the roles
// it admits; the answer to a caller it refuses is decided here, not in the
// service. PUT /api/calendar/block-dates admits the same callers under the
// same rule, and the staff API key besides (ADR 041).
import type { Database } from '@sas/db';
import {
  DomainError,
  forbiddenMessage,
  sessionExpiredMessage,
  sessionRequiredMessage,
  totpSetupRequiredCode,
  totpSetupRequiredMessage,
} from '@sas/domain';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  consoleRefusal,
  loadConsoleUser,
  type ConsolePrincipal,
  type ConsoleRole,
  type ConsoleUser,
} from '../services/console/access.js';
import { checkStaffKey } from './staff-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireConsole: the console user making the request. */
    consoleUser: ConsoleUser | null;
    /** Set by requireConsoleOrStaffKey: the console user, or the staff API key's principal. */
    consolePrincipal: ConsolePrincipal | null;
  }
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
    switch (consoleRefusal(user, roles, request.server.env.STAFF_REQUIRE_2FA)) {
      case 'forbidden':
        return reply.code(403).send({ message: forbiddenMessage });
      case 'totp_setup_required':
        return reply.code(403).send({ message: totpSetupRequiredMessage, code: totpSetupRequiredCode });
      case null:
        request.consoleUser = user;
    }
  };
}

/** The console user of a route guarded by requireConsole; throws (401) if the guard was forgotten. */
export function consoleUserOf(request: FastifyRequest): ConsoleUser {
  if (request.consoleUser) return request.consoleUser;
  throw new DomainError('unauthenticated', sessionRequiredMessage);
}

/**
 * The staff API key (STAFF_API_KEY) as a principal: a service token for
 * scripts that acts as staff, without an account (the audit log names it).
 */
export const staffKeyPrincipal: ConsolePrincipal = {
  id: null,
  email: 'staff API key (STAFF_API_KEY)',
  role: 'staff',
  homes: null,
};

/**
 * requireConsole, with the staff API key accepted as a staff principal, for
 * routes scripts call (PUT /api/calendar/block-dates). A request carrying an
 * access token, valid or not, is judged as a console account; one without is
 * judged by the key: 403 when no key is configured, 401 without the right one.
 * Sets request.consolePrincipal.
 */
export function requireConsoleOrStaffKey(
  db: Database,
  staffKey: string | undefined,
  ...roles: ConsoleRole[]
): preHandlerAsyncHookHandler {
  const consoleAccount = requireConsole(db, ...roles);
  return async function (request: FastifyRequest, reply: FastifyReply) {
    if (request.auth || request.authFailure) {
      await consoleAccount.call(this, request, reply);
      if (reply.sent) return reply;
      request.consolePrincipal = request.consoleUser;
      return;
    }
    const denial = checkStaffKey(staffKey, request.headers.authorization);
    if (denial) {
      if (denial.statusCode === 401) void reply.header('www-authenticate', 'Bearer');
      return reply.code(denial.statusCode).send({ message: denial.message });
    }
    if (!roles.includes(staffKeyPrincipal.role)) return reply.code(403).send({ message: forbiddenMessage });
    request.consolePrincipal = staffKeyPrincipal;
  };
}

/** The principal of a route guarded by requireConsoleOrStaffKey; throws (401) if the guard was forgotten. */
export function consolePrincipalOf(request: FastifyRequest): ConsolePrincipal {
  if (request.consolePrincipal) return request.consolePrincipal;
  throw new DomainError('unauthenticated', sessionRequiredMessage);
}
