// Social sign-in (ADR 012): an OAuth 2.0 / OpenID Connect authorization-code
// flow with PKCE (S256) and state through arctic's generic client, for google,
// facebook and apple. Endpoints default to each provider's real ones and can
// be pointed elsewhere (a local OpenID provider in tests) by environment.
// An id_token is verified against the provider's keys (issuer, audience,
// expiry, nonce); without one, the identity comes from the userinfo endpoint.
import { randomUUID } from 'node:crypto';
import { userIdentities, users, type Database } from '@sas/db';
import { DomainError, socialProviderLabels, type SocialProvider } from '@sas/domain';
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import { and, eq } from 'drizzle-orm';
import { SignJWT, createRemoteJWKSet, importPKCS8, jwtVerify, type JWTPayload } from 'jose';
import type { OAuthProviderEnv } from '../../env.js';
import { findUserByEmail } from './accounts.js';

interface ProviderDefaults {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string | undefined;
  /** Issuers an id_token may name; the first is used when ISSUER is overridden. */
  issuers: string[];
  jwksUrl: string | undefined;
  scopes: string[];
  /** Whether the provider reports only e-mail addresses it has confirmed (no email_verified claim). */
  emailsAreVerified: boolean;
  /** Apple posts the callback as a form when names or e-mail are asked for. */
  responseMode: 'form_post' | undefined;
}

const defaults: Record<SocialProvider, ProviderDefaults> = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: ['openid', 'email', 'profile'],
    emailsAreVerified: false,
    responseMode: undefined,
  },
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,email,first_name,last_name,name',
    issuers: [],
    jwksUrl: undefined,
    scopes: ['email', 'public_profile'],
    // The Graph API returns only a confirmed primary e-mail address.
    emailsAreVerified: true,
    responseMode: undefined,
  },
  apple: {
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userinfoUrl: undefined,
    issuers: ['https://appleid.apple.com'],
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    scopes: ['name', 'email'],
    emailsAreVerified: false,
    responseMode: 'form_post',
  },
};

export interface OAuthProvider {
  name: SocialProvider;
  label: string;
  clientId: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string | undefined;
  issuers: string[];
  jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  scopes: string[];
  emailsAreVerified: boolean;
  responseMode: 'form_post' | undefined;
  /** The client secret to authenticate with (for Apple, possibly signed now from its key). */
  clientSecret(): Promise<string>;
}

/** Apple's client secret is a short-lived ES256 JWT signed with the team's key. */
function appleClientSecret(clientId: string, key: NonNullable<OAuthProviderEnv['appleKey']>) {
  return async () => {
    const privateKey = await importPKCS8(key.privateKey, 'ES256');
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(clientId)
      .setAudience('https://appleid.apple.com')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  };
}

/** The configured providers; a provider without a client id is absent. */
export function configureProviders(
  config: Record<SocialProvider, OAuthProviderEnv | undefined>,
): Partial<Record<SocialProvider, OAuthProvider>> {
  const out: Partial<Record<SocialProvider, OAuthProvider>> = {};
  for (const name of Object.keys(config) as SocialProvider[]) {
    const env = config[name];
    if (!env) continue;
    const base = defaults[name];
    const jwksUrl = env.jwksUrl ?? base.jwksUrl;
    const secret = env.clientSecret;
    const appleKey = name === 'apple' && !secret ? env.appleKey : undefined;
    out[name] = {
      name,
      label: socialProviderLabels[name],
      clientId: env.clientId,
      authorizationUrl: env.authorizationUrl ?? base.authorizationUrl,
      tokenUrl: env.tokenUrl ?? base.tokenUrl,
      userinfoUrl: env.userinfoUrl ?? base.userinfoUrl,
      issuers: env.issuer ? [env.issuer] : base.issuers,
      jwks: jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : undefined,
      scopes: base.scopes,
      emailsAreVerified: base.emailsAreVerified,
      responseMode: base.responseMode,
      clientSecret: appleKey ? appleClientSecret(env.clientId, appleKey) : () => Promise.resolve(secret ?? ''),
    };
  }
  return out;
}

/** Where the provider sends the browser back: registered with the provider as the redirect URI. */
export function callbackUrl(publicUrl: string, provider: SocialProvider): string {
  return `${publicUrl}/api/oauth2/callback/${provider}`;
}

export function authorizationUrl(
  provider: OAuthProvider,
  callback: string,
  flow: { state: string; codeVerifier: string; nonce: string },
): URL {
  const client = new OAuth2Client(provider.clientId, null, callback);
  const url = client.createAuthorizationURLWithPKCE(
    provider.authorizationUrl,
    flow.state,
    CodeChallengeMethod.S256,
    flow.codeVerifier,
    provider.scopes,
  );
  if (provider.issuers.length > 0) url.searchParams.set('nonce', flow.nonce);
  if (provider.responseMode) url.searchParams.set('response_mode', provider.responseMode);
  return url;
}

/** A sign-in the provider's answer does not allow, with a message the popup may show as is. */
export class SocialSignInError extends DomainError {
  override readonly name = 'SocialSignInError';

  constructor(message: string, options?: ErrorOptions) {
    super('rejected', message, options);
  }
}

export interface SocialIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

function splitName(name: string | undefined): [string, string] {
  if (!name) return ['', ''];
  const [first = '', ...rest] = name.split(/\s+/);
  return [first, rest.join(' ')];
}

function identityFrom(claims: Record<string, unknown>, provider: OAuthProvider): SocialIdentity | undefined {
  const subject = text(claims.sub) ?? text(claims.id);
  if (!subject) return undefined;
  const [first, last] = splitName(text(claims.name));
  const email = text(claims.email);
  return {
    subject,
    email,
    emailVerified:
      email !== undefined && ('email_verified' in claims ? isTrue(claims.email_verified) : provider.emailsAreVerified),
    firstName: text(claims.given_name) ?? text(claims.first_name) ?? first,
    lastName: text(claims.family_name) ?? text(claims.last_name) ?? last,
  };
}

async function exchangeCode(
  provider: OAuthProvider,
  callback: string,
  code: string,
  codeVerifier: string,
): Promise<OAuth2Tokens> {
  const client = new OAuth2Client(provider.clientId, await provider.clientSecret(), callback);
  try {
    return await client.validateAuthorizationCode(provider.tokenUrl, code, codeVerifier);
  } catch (err) {
    if (err instanceof OAuth2RequestError) {
      throw new SocialSignInError(`${provider.label} did not accept the sign-in (${err.code}). Please try again.`);
    }
    throw new SocialSignInError(`We could not reach ${provider.label}. Please try again.`, { cause: err });
  }
}

async function verifiedIdTokenClaims(provider: OAuthProvider, idToken: string, nonce: string): Promise<JWTPayload> {
  if (!provider.jwks) throw new SocialSignInError(`${provider.label} sign-in is not configured correctly.`);
  try {
    const { payload } = await jwtVerify(idToken, provider.jwks, {
      issuer: provider.issuers,
      audience: provider.clientId,
      clockTolerance: 60,
    });
    // A nonce the provider echoes must be ours (Apple may leave it out of later tokens).
    if (payload.nonce !== undefined && payload.nonce !== nonce) throw new Error('nonce mismatch');
    return payload;
  } catch (err) {
    throw new SocialSignInError(`${provider.label} sent an identity we could not verify. Please try again.`, {
      cause: err,
    });
  }
}

async function userinfoClaims(provider: OAuthProvider, accessToken: string): Promise<Record<string, unknown>> {
  if (!provider.userinfoUrl) return {};
  try {
    const response = await fetch(provider.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch (err) {
    throw new SocialSignInError(`We could not read your ${provider.label} profile. Please try again.`, { cause: err });
  }
}

/**
 * The signed-in person at the provider: id_token claims when there is an
 * id_token (verified), completed or replaced by the userinfo endpoint.
 * `extra` carries Apple's one-time `user` form field (names on first sign-in).
 */
export async function readIdentity(
  provider: OAuthProvider,
  callback: string,
  { code, codeVerifier, nonce }: { code: string; codeVerifier: string; nonce: string },
  extra: { firstName?: string | undefined; lastName?: string | undefined } = {},
): Promise<SocialIdentity> {
  const tokens = await exchangeCode(provider, callback, code, codeVerifier);
  let claims: Record<string, unknown> = {};
  if ('id_token' in tokens.data && typeof tokens.data.id_token === 'string') {
    claims = { ...(await verifiedIdTokenClaims(provider, tokens.data.id_token, nonce)) };
  }
  if (provider.userinfoUrl && (claims.sub === undefined || claims.email === undefined)) {
    const info = await userinfoClaims(provider, tokens.accessToken());
    // The id_token's subject wins: userinfo must describe the same person.
    const infoSubject = text(info.sub) ?? text(info.id);
    if (claims.sub !== undefined && infoSubject !== undefined && infoSubject !== claims.sub) {
      throw new SocialSignInError(`${provider.label} sent an identity we could not verify. Please try again.`);
    }
    claims = {
      ...info,
      ...claims,
      email: claims.email ?? info.email,
      email_verified: claims.email_verified ?? info.email_verified,
    };
    if (claims.email_verified === undefined) delete claims.email_verified;
  }
  const identity = identityFrom(claims, provider);
  if (!identity) throw new SocialSignInError(`${provider.label} did not tell us who you are. Please try again.`);
  return {
    ...identity,
    firstName: identity.firstName || extra.firstName || '',
    lastName: identity.lastName || extra.lastName || '',
  };
}

type UserRow = typeof users.$inferSelect;

/**
 * The account of a social identity: the one already linked to this provider
 * and subject; else the account with the same e-mail, linked now, but only
 * when the provider vouches for the e-mail; else a new guest account.
 */
export async function findOrCreateSocialUser(
  db: Database,
  provider: OAuthProvider,
  identity: SocialIdentity,
): Promise<UserRow> {
  const linked = await linkedUser(db, provider.name, identity.subject);
  if (linked) return linked;
  if (!identity.email || !identity.emailVerified) {
    throw new SocialSignInError(
      `Your ${provider.label} account did not share a verified e-mail address, so we cannot sign you in with it. Please sign up with your e-mail instead.`,
    );
  }
  const email = identity.email;
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    const user =
      existing ??
      (
        await tx
          .insert(users)
          .values({
            id: randomUUID(),
            email,
            passwordHash: null,
            firstName: identity.firstName,
            lastName: identity.lastName,
          })
          .returning()
      )[0];
    if (!user) throw new Error('The user was not inserted');
    await tx
      .insert(userIdentities)
      .values({ provider: provider.name, subject: identity.subject, userId: user.id, email })
      .onConflictDoNothing();
    // A concurrent first sign-in may have linked the subject first; that link wins.
    return (await linkedUser(tx, provider.name, identity.subject)) ?? user;
  });
}

async function linkedUser(db: Pick<Database, 'select'>, provider: SocialProvider, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.user;
}
