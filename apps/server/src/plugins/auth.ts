// Who is calling (ADR 012): a bearer access token, when the request carries
// a valid one, becomes `request.auth`; anything else leaves it null, so
// anonymous routes (browsing, booking) work as before even with a stale token
// in the browser. Routes that need a user add `app.requireUser` or
// `app.requireRole(...)` as a preHandler, which answer 401 or 403.
import {
  DomainError,
  forbiddenMessage,
  sessionExpiredMessage,
  sessionRequiredMessage,
  type UserRole,
} from '@sas/domain';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env.js';
import { verifyAccessToken, type AccessClaims, type TokenSettings } from '../services/auth/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokenSettings: TokenSettings;
    /** preHandler: 401 unless the request carries a valid access token. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a valid access token, 403 when its role is not one of `roles`. */
    requireRole(...roles: UserRole[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The verified bearer of a valid access token, or null. */
    auth: AccessClaims | null;
    /** Why a presented access token was not accepted (null when none was presented). */
    authFailure: 'expired' | 'invalid' | null;
  }
}

export interface AuthPluginOptions {
  env: Pick<Env, 'JWT_SECRET' | 'ACCESS_TOKEN_TTL_MINUTES' | 'REFRESH_TOKEN_TTL_DAYS'>;
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
}

/** Three base64url parts: worth verifying as a JWT (a staff API key is not one). */
const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The caller of a route guarded by `app.requireUser`. Throws a 401 if the
 * guard was forgotten, rather than acting for nobody.
 */
export function signedInUser(request: FastifyRequest): AccessClaims {
  if (request.auth) return request.auth;
  throw new DomainError('unauthenticated', sessionRequiredMessage);
}

function denyUnauthenticated(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  void reply.header('www-authenticate', 'Bearer');
  const message = request.authFailure === 'expired' ? sessionExpiredMessage : sessionRequiredMessage;
  return reply.code(401).send({ message });
}

export default fp<AuthPluginOptions>(
  (app, { env }, done) => {
    const settings: TokenSettings = {
      jwtSecret: env.JWT_SECRET,
      accessTokenTtlMinutes: env.ACCESS_TOKEN_TTL_MINUTES,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    };
    app.decorate('tokenSettings', settings);
    app.decorateRequest('auth', null);
    app.decorateRequest('authFailure', null);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (token === undefined || !jwtShape.test(token)) return;
      const check = await verifyAccessToken(settings, token);
      if (check.status === 'ok') request.auth = check.claims;
      else request.authFailure = check.status;
    });

    const requireUser: preHandlerAsyncHookHandler = async function (request, reply) {
      if (!request.auth) return denyUnauthenticated(request, reply);
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireRole', (...roles: UserRole[]): preHandlerAsyncHookHandler => {
      return async function (request, reply) {
        if (!request.auth) return denyUnauthenticated(request, reply);
        if (!roles.includes(request.auth.role)) return reply.code(403).send({ message: forbiddenMessage });
      };
    });
    done();
  },
  { name: 'auth', fastify: '5.x' },
);
