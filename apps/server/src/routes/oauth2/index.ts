// Social sign-in (SPEC.md section 7; ADR 012), under /api/oauth2. The popup
// opens /authorize/{provider}?redirect_uri={origin}/oauth-redirect (google
// also as /authorization/google); we keep state, PKCE verifier, nonce and the
// redirect in a signed, httpOnly, ten-minute cookie and send the browser to
// the provider. Its callback ends at the popup page with the tokens, or a
// message to show, in the URL fragment (never sent to any server).
import { createHmac } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import {
  errorBodySchema,
  isSocialProvider,
  oauthRedirectPath,
  socialNotConfiguredMessage,
  socialSignInTotpMessage,
  type SocialProvider,
} from '@sas/domain';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issueTokens } from '../../services/auth/accounts.js';
import {
  SocialSignInError,
  authorizationUrl,
  callbackUrl,
  configureProviders,
  findOrCreateSocialUser,
  readIdentity,
  type OAuthProvider,
} from '../../services/auth/oauth.js';

export const oauthMessages = {
  unknownProvider: 'This sign-in provider is not supported. Use google, facebook or apple.',
  redirectRequired: `redirect_uri is required: the address of the ${oauthRedirectPath} page of this site`,
  flowExpired: 'Your sign-in took too long or was started in another window. Please try again.',
  cancelled: (label: string) => `${label} sign-in was cancelled.`,
  failed: (label: string) => `${label} sign-in failed. Please try again.`,
} as const;

const flowMinutes = 10;

/** What the cookie carries between the start of the flow and the callback. */
const flowSchema = z.object({
  provider: z.string(),
  state: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  redirectUri: z.string(),
});
type Flow = z.infer<typeof flowSchema>;

const providerParams = z.object({ provider: z.string().max(40) });
const callbackFields = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  /** Apple's first sign-in: the person's name as JSON. */
  user: z.string().max(4096).optional(),
});

function cookieName(provider: SocialProvider): string {
  return `sas_oauth_${provider}`;
}

function appleNames(user: string | undefined): { firstName?: string; lastName?: string } {
  if (!user) return {};
  try {
    const parsed = z
      .object({ name: z.object({ firstName: z.string().max(100), lastName: z.string().max(100) }).partial() })
      .safeParse(JSON.parse(user));
    return parsed.success ? parsed.data.name : {};
  } catch {
    return {};
  }
}

const oauth2Routes: FastifyPluginAsyncZod = async (app) => {
  // The sign-in popup passes through these answers on its way to and from the
  // provider; with any opener policy the browser would cut the popup off from
  // the sign-in page that waits for its message (plugins/web.ts does the same
  // for /oauth-redirect, where the popup ends).
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
  const publicUrl = app.env.PUBLIC_URL;
  const publicOrigin = new URL(publicUrl).origin;
  const secure = new URL(publicUrl).protocol === 'https:';
  const providers = configureProviders(app.env.OAUTH);

  // Its own key, derived from JWT_SECRET, so cookies and access tokens never share one.
  await app.register(fastifyCookie, {
    secret: createHmac('sha256', app.env.JWT_SECRET).update('oauth-flow-cookie').digest('base64url'),
  });
  // Apple's callback is a form POST.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });

  /** The popup page of this site, or null when `value` is anything else. */
  function popupUrl(value: string): string | null {
    try {
      const url = new URL(value);
      if (url.origin !== publicOrigin || url.pathname !== oauthRedirectPath) return null;
      return `${url.origin}${url.pathname}`;
    } catch {
      return null;
    }
  }

  function endWithError(reply: FastifyReply, redirectUri: string, message: string): FastifyReply {
    return reply.redirect(`${redirectUri}#error=${encodeURIComponent(message)}`, 302);
  }

  async function start(
    request: FastifyRequest<{ Params: { provider: string }; Querystring: { redirect_uri?: string | undefined } }>,
    reply: FastifyReply,
  ) {
    const name = request.params.provider.toLowerCase();
    if (!isSocialProvider(name)) return reply.code(404).send({ message: oauthMessages.unknownProvider });
    const raw = request.query.redirect_uri;
    if (raw === undefined || raw.trim() === '')
      return reply.code(400).send({ message: oauthMessages.redirectRequired });
    const redirectUri = popupUrl(raw);
    if (!redirectUri) {
      return reply
        .code(400)
        .send({ message: `redirect_uri must be ${publicOrigin}${oauthRedirectPath}, the sign-in page of this site` });
    }
    const provider = providers[name];
    if (!provider) return endWithError(reply, redirectUri, socialNotConfiguredMessage(name));

    const flow: Flow = {
      provider: name,
      state: generateState(),
      codeVerifier: generateCodeVerifier(),
      nonce: generateState(),
      redirectUri,
    };
    void reply.setCookie(cookieName(name), Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      signed: true,
      httpOnly: true,
      secure,
      // Apple's callback is a cross-site POST, which carries only SameSite=None cookies (https only).
      sameSite: provider.responseMode === 'form_post' && secure ? 'none' : 'lax',
      path: '/api/oauth2',
      maxAge: flowMinutes * 60,
    });
    return reply.redirect(authorizationUrl(provider, callbackUrl(publicUrl, name), flow).toString(), 302);
  }

  function readFlow(request: FastifyRequest, name: SocialProvider): Flow | null {
    const raw = request.cookies[cookieName(name)];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
      return parsed.success && parsed.data.provider === name ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    fields: z.infer<typeof callbackFields>,
  ): Promise<FastifyReply> {
    const lower = name.toLowerCase();
    if (!isSocialProvider(lower)) return reply.code(404).send({ message: oauthMessages.unknownProvider });
    const flow = readFlow(request, lower);
    // Used once, whatever happens next.
    void reply.clearCookie(cookieName(lower), { path: '/api/oauth2' });
    const fallback = `${publicOrigin}${oauthRedirectPath}`;
    const provider: OAuthProvider | undefined = providers[lower];
    if (!provider) return endWithError(reply, flow?.redirectUri ?? fallback, socialNotConfiguredMessage(lower));
    if (!flow || fields.state === undefined || fields.state !== flow.state) {
      return endWithError(reply, flow?.redirectUri ?? fallback, oauthMessages.flowExpired);
    }
    // Checked again: the cookie is ours, but the rule must hold whatever changed since.
    const redirectUri = popupUrl(flow.redirectUri) ?? fallback;
    if (fields.error !== undefined || fields.code === undefined) {
      const cancelled = fields.error === 'access_denied' || fields.error === 'user_cancelled_authorize';
      return endWithError(
        reply,
        redirectUri,
        cancelled ? oauthMessages.cancelled(provider.label) : oauthMessages.failed(provider.label),
      );
    }
    try {
      const identity = await readIdentity(
        provider,
        callbackUrl(publicUrl, lower),
        { code: fields.code, codeVerifier: flow.codeVerifier, nonce: flow.nonce },
        appleNames(fields.user),
      );
      const user = await findOrCreateSocialUser(app.db, provider, identity);
      // A provider cannot vouch for the authenticator code: two-step accounts sign in with it (ADR 024).
      if (user.totpEnabledAt !== null) throw new SocialSignInError(socialSignInTotpMessage);
      const tokens = await issueTokens(app.db, app.tokenSettings, user);
      const fragment = new URLSearchParams({ token: tokens.token, refreshToken: tokens.refreshToken });
      return reply.redirect(`${redirectUri}#${fragment.toString()}`, 302);
    } catch (err) {
      if (err instanceof SocialSignInError) {
        request.log.warn({ err, provider: lower }, 'social sign-in failed');
        return endWithError(reply, redirectUri, err.message);
      }
      request.log.error({ err, provider: lower }, 'social sign-in failed');
      return endWithError(reply, redirectUri, oauthMessages.failed(provider.label));
    }
  }

  const startSchema = {
    params: providerParams,
    querystring: z.object({ redirect_uri: z.string().max(2000).optional() }),
    response: { 400: errorBodySchema, 404: errorBodySchema },
  };
  app.get('/authorize/:provider', { schema: startSchema }, start);
  // SPEC.md section 7: the google button links to this path.
  app.get('/authorization/:provider', { schema: startSchema }, start);

  app.get(
    '/callback/:provider',
    { schema: { params: providerParams, querystring: callbackFields, response: { 404: errorBodySchema } } },
    async (request, reply) => {
      await finish(request, reply, request.params.provider, request.query);
    },
  );
  app.post(
    '/callback/:provider',
    { schema: { params: providerParams, body: callbackFields, response: { 404: errorBodySchema } } },
    async (request, reply) => {
      await finish(request, reply, request.params.provider, request.body);
    },
  );
};

export default oauth2Routes;
