// Accounts and sessions (SPEC.md sections 3, 4 and 7; ADR 012), under /api:
// sign-up, sign-in, refresh, password reset, the session check and sign-out.
// Sign-in, sign-up and both reset steps are rate limited per address and per
// e-mail; no answer but sign-up's 409 tells whether an e-mail is registered.
import {
  acceptInviteRequestSchema,
  authMessageSchema,
  authTokensSchema,
  emailTakenMessage,
  errorBodySchema,
  forgotPasswordAcceptedMessage,
  forbiddenMessage,
  forgotPasswordRequestSchema,
  invalidCredentialsMessage,
  invalidInviteTokenMessage,
  invalidTotpCodeMessage,
  invalidRefreshTokenMessage,
  invalidResetTokenMessage,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  passwordResetDoneMessage,
  refreshRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  sessionExpiredMessage,
  sessionUserSchema,
  totpCodeRequestSchema,
  totpNotEnabledMessage,
  totpNotPendingMessage,
  totpRequiredCode,
  totpRequiredMessage,
  totpSetupResponseSchema,
  totpStatusSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.js';
import { signedInUser } from '../../plugins/auth.js';
import {
  findUserById,
  logIn,
  registerUser,
  requestPasswordReset,
  resetPassword,
  toSessionUser,
} from '../../services/auth/accounts.js';
import { acceptInvite } from '../../services/console/invites.js';
import { revokeRefreshToken, rotateRefreshToken, signAccessToken } from '../../services/auth/tokens.js';
import { disableTotp, enableTotp, isTotpEnabled, startTotpSetup, usesTotp } from '../../services/auth/totp.js';

/** 401 answers of a right password without (or with a wrong) authenticator code. */
const secondFactorAnswers = {
  totp_required: { message: totpRequiredMessage, code: totpRequiredCode },
  totp_invalid: { message: invalidTotpCodeMessage, code: 'totp_invalid' },
} as const;

/** The e-mail a rate-limited request is about, for the per-account count. */
function emailOf(request: { body: unknown }): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as Record<string, unknown>).email;
  return typeof email === 'string' ? email : undefined;
}

const limited = { 400: errorBodySchema, 429: errorBodySchema } as const;

const authRoutes: FastifyPluginAsyncZod = (app) => {
  // POST /api/logout may come with "Content-Type: application/json" and no body.
  allowEmptyJsonBody(app);

  app.post(
    '/auth/register',
    {
      schema: {
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, 409: errorBodySchema, ...limited },
      },
      preHandler: app.authRateLimit('register', emailOf),
    },
    async (request, reply) => {
      const outcome = await registerUser(app.db, app.tokenSettings, request.body);
      if (outcome.status === 'email_taken') return reply.code(409).send({ message: emailTakenMessage });
      return reply
        .code(201)
        .send({ ...outcome.tokens, email: outcome.user.email, isGuest: outcome.user.role === 'guest' });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, 401: errorBodySchema, ...limited } },
      preHandler: app.authRateLimit('login', emailOf),
    },
    async (request, reply) => {
      const { email, password, totpCode } = request.body;
      const outcome = await logIn(app.db, app.tokenSettings, email, password, totpCode);
      if (outcome.status === 'invalid') return reply.code(401).send({ message: invalidCredentialsMessage });
      if (outcome.status !== 'ok') return reply.code(401).send(secondFactorAnswers[outcome.status]);
      return { ...outcome.tokens, email: outcome.user.email };
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        body: refreshRequestSchema,
        response: { 200: authTokensSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await rotateRefreshToken(app.db, app.tokenSettings, request.body.refreshToken);
      if (outcome.status !== 'ok') {
        if (outcome.status === 'reused')
          request.log.warn('a rotated refresh token was used again; its family is revoked');
        return reply.code(401).send({ message: invalidRefreshTokenMessage });
      }
      // The role and e-mail come from the account now, not from the old token.
      const user = await findUserById(app.db, outcome.userId);
      if (!user) return reply.code(401).send({ message: invalidRefreshTokenMessage });
      const token = await signAccessToken(app.tokenSettings, { userId: user.id, role: user.role, email: user.email });
      return { token, refreshToken: outcome.refreshToken };
    },
  );

  app.get(
    '/check-session',
    {
      schema: { response: { 200: sessionUserSchema, 401: errorBodySchema } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const user = await findUserById(app.db, signedInUser(request).userId);
      if (!user) return reply.code(401).send({ message: sessionExpiredMessage });
      return toSessionUser(user);
    },
  );

  // Sign-out works with an expired access token too: what it revokes is named
  // by the refresh token, which only its holder knows. Always 204.
  app.post(
    '/logout',
    { schema: { body: logoutRequestSchema, response: { 204: z.null(), 400: errorBodySchema } } },
    async (request, reply) => {
      const refreshToken = request.body?.refreshToken;
      if (refreshToken) await revokeRefreshToken(app.db, refreshToken);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: { body: forgotPasswordRequestSchema, response: { 202: authMessageSchema, ...limited } },
      preHandler: app.authRateLimit('forgot-password', emailOf),
    },
    async (request, reply) => {
      const queued = await requestPasswordReset(app.db, request.body.email, app.env.PUBLIC_URL);
      if (queued) app.mailer.outbox.poke();
      return reply.code(202).send({ message: forgotPasswordAcceptedMessage });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: authMessageSchema, ...limited } },
      preHandler: app.authRateLimit('reset-password'),
    },
    async (request, reply) => {
      const outcome = await resetPassword(app.db, request.body.token, request.body.password);
      if (outcome.status === 'invalid_token') return reply.code(400).send({ message: invalidResetTokenMessage });
      return { message: passwordResetDoneMessage };
    },
  );

  // Invitations (issue 14): the e-mailed link sets the password and signs in,
  // answering as sign-in does. Rate limited like a password reset.
  app.post(
    '/auth/accept-invite',
    {
      schema: {
        body: acceptInviteRequestSchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, ...limited },
      },
      preHandler: app.authRateLimit('accept-invite'),
    },
    async (request, reply) => {
      const outcome = await acceptInvite(app.db, app.tokenSettings, request.body);
      if (outcome.status === 'invalid_token') return reply.code(400).send({ message: invalidInviteTokenMessage });
      if (outcome.status !== 'accepted') return reply.code(401).send(secondFactorAnswers[outcome.status]);
      return { ...outcome.tokens, email: outcome.email };
    },
  );

  // Two-step sign-in (issue 14; ADR 024) for staff and admins, as the database has their role now.
  app.get(
    '/auth/totp',
    { schema: { response: { 200: totpStatusSchema, 401: errorBodySchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      const user = await findUserById(app.db, signedInUser(request).userId);
      if (!user) return reply.code(401).send({ message: sessionExpiredMessage });
      return { enabled: user.totpEnabledAt !== null, required: app.env.STAFF_REQUIRE_2FA && usesTotp(user.role) };
    },
  );

  app.post(
    '/auth/totp/setup',
    {
      schema: {
        body: z.object({}).nullish(),
        response: { 200: totpSetupResponseSchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const user = await findUserById(app.db, signedInUser(request).userId);
      if (!user) return reply.code(401).send({ message: sessionExpiredMessage });
      if (!usesTotp(user.role)) return reply.code(403).send({ message: forbiddenMessage });
      const outcome = await startTotpSetup(app.db, user.id);
      if (outcome.status === 'no_account') return reply.code(401).send({ message: sessionExpiredMessage });
      if (outcome.status === 'already_enabled') {
        return reply
          .code(409)
          .send({ message: 'Two-step sign-in is already on. Turn it off first to set it up again.' });
      }
      return { secret: outcome.secret, otpauthUrl: outcome.otpauthUrl, qrSvg: outcome.qrSvg };
    },
  );

  const codeRoute = {
    body: totpCodeRequestSchema,
    response: {
      200: totpStatusSchema,
      400: errorBodySchema,
      401: errorBodySchema,
      409: errorBodySchema,
      429: errorBodySchema,
    },
  };

  app.post(
    '/auth/totp/enable',
    { schema: codeRoute, preHandler: [app.requireUser, app.authRateLimit('totp')] },
    async (request, reply) => {
      const { userId, role } = signedInUser(request);
      const outcome = await enableTotp(app.db, userId, request.body.code);
      if (outcome === 'invalid_code') return reply.code(400).send({ message: invalidTotpCodeMessage });
      if (outcome === 'not_pending') return reply.code(409).send({ message: totpNotPendingMessage });
      return { enabled: true, required: app.env.STAFF_REQUIRE_2FA && usesTotp(role) };
    },
  );

  app.post(
    '/auth/totp/disable',
    { schema: codeRoute, preHandler: [app.requireUser, app.authRateLimit('totp')] },
    async (request, reply) => {
      const { userId, role } = signedInUser(request);
      const outcome = await disableTotp(app.db, userId, request.body.code);
      if (outcome === 'invalid_code') return reply.code(400).send({ message: invalidTotpCodeMessage });
      if (outcome === 'not_enabled') return reply.code(409).send({ message: totpNotEnabledMessage });
      return { enabled: await isTotpEnabled(app.db, userId), required: app.env.STAFF_REQUIRE_2FA && usesTotp(role) };
    },
  );

  return Promise.resolve();
};

export default authRoutes;
