// The console's guard (DESIGN.md "Running the business"): the HTTP side of the
// rule in services/console/access.ts. Every /api/admin route names the roles
// it admits; the answer to a caller it refuses is decided here, not in the
// service.
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
import { consoleRefusal, loadConsoleUser, type ConsoleRole, type ConsoleUser } from '../services/console/access.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireConsole: the console user making the request. */
    consoleUser: ConsoleUser | null;
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
