// The only place the server reads process.env. Everything else receives the
// parsed, typed Env, so a bad variable stops start-up here with a message that
// names it instead of surfacing later as a confusing runtime failure.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultHoldMinutes, socialProviders, type SocialProvider, safeUrl } from '@sas/domain';
import { z } from 'zod';

const defaultMailFrom = 'Summit & Shore <stays@summitandshore.example>';
const defaultCompanyInbox = 'owners@summitandshore.example';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const nodeEnvs = ['development', 'production', 'test'] as const;

/** The SPA build next to this app, found from this file so any working directory works. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

// Shells and .env files often carry `NAME=` for "not set"; treat it as unset
// so the default applies instead of failing validation on an empty string.
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'smtp:' || url.protocol === 'smtps:';
  } catch {
    return false;
  }
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'redis:' || url.protocol === 'rediss:';
  } catch {
    return false;
  }
}

/** A whole number between min and max, or `fallback` when unset. */
function wholeNumber(min: number, max: number, unit: string, fallback: number) {
  const message = `must be a whole number of ${unit} between ${min} and ${max}`;
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: message })
      .transform(Number)
      .pipe(z.number().min(min, { error: message }).max(max, { error: message }))
      .default(fallback),
  );
}

/**
 * Signs access tokens when JWT_SECRET is unset outside production, so a
 * development server's sessions survive restarts. Production refuses to start
 * without a real secret, except on a loopback PUBLIC_URL (`npm start` on a
 * laptop, e2e, bench): there the server keeps one in DATA_DIR
 * (lib/local-jwt-secret.ts), and anything else started from these settings
 * gets a random secret of its own.
 */
export const developmentJwtSecret = 'summit-and-shore-development-only-jwt-secret-not-for-production';

// Social login (ADR 012): per provider a client id and secret, and endpoint
// overrides (a local OpenID provider in tests). Apple may instead be given
// its team id, key id and private key, from which the client secret is signed.
const oauthSettings = [
  'CLIENT_ID',
  'CLIENT_SECRET',
  'AUTHORIZATION_URL',
  'TOKEN_URL',
  'USERINFO_URL',
  'ISSUER',
  'JWKS_URL',
  'TEAM_ID',
  'KEY_ID',
  'PRIVATE_KEY',
] as const;
type OAuthSetting = (typeof oauthSettings)[number];
type OAuthEnvKey = `OAUTH_${Uppercase<SocialProvider>}_${OAuthSetting}`;
const oauthUrlSettings: readonly OAuthSetting[] = ['AUTHORIZATION_URL', 'TOKEN_URL', 'USERINFO_URL', 'JWKS_URL'];

function oauthKey(provider: SocialProvider, setting: OAuthSetting): OAuthEnvKey {
  return `OAUTH_${provider.toUpperCase() as Uppercase<SocialProvider>}_${setting}`;
}

const oauthShape = Object.fromEntries(
  socialProviders.flatMap((provider) =>
    oauthSettings.map((setting) => [
      oauthKey(provider, setting),
      oauthUrlSettings.includes(setting)
        ? optionalText.pipe(z.string().refine(isHttpUrl, { error: 'must be an http:// or https:// URL' }).optional())
        : optionalText,
    ]),
  ),
) as Record<OAuthEnvKey, typeof optionalText>;

/** A provider's settings as configured; endpoints left undefined take the provider's real ones. */
export interface OAuthProviderEnv {
  clientId: string;
  /** The client secret (for Apple: a pre-signed client secret JWT), unless Apple's key is given. */
  clientSecret: string | undefined;
  appleKey: { teamId: string; keyId: string; privateKey: string } | undefined;
  authorizationUrl: string | undefined;
  tokenUrl: string | undefined;
  userinfoUrl: string | undefined;
  issuer: string | undefined;
  jwksUrl: string | undefined;
}

function oauthProviderEnv(
  raw: Partial<Record<OAuthEnvKey, string | undefined>>,
  provider: SocialProvider,
): OAuthProviderEnv | undefined {
  const get = (setting: OAuthSetting) => raw[oauthKey(provider, setting)];
  const clientId = get('CLIENT_ID');
  if (clientId === undefined) return undefined;
  const teamId = get('TEAM_ID');
  const keyId = get('KEY_ID');
  // A PEM pasted into one line of an .env file carries "\n" for its line breaks.
  const privateKey = get('PRIVATE_KEY')?.replace(/\\n/g, '\n');
  return {
    clientId,
    clientSecret: get('CLIENT_SECRET'),
    appleKey: teamId && keyId && privateKey ? { teamId, keyId, privateKey } : undefined,
    authorizationUrl: get('AUTHORIZATION_URL'),
    tokenUrl: get('TOKEN_URL'),
    userinfoUrl: get('USERINFO_URL'),
    issuer: get('ISSUER'),
    jwksUrl: get('JWKS_URL'),
  };
}

/** An https script URL; plain http only on this machine, for development and tests. */
function isScriptUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    return url.protocol === 'https:' || (url.protocol === 'http:' && local);
  } catch {
    return false;
  }
}

/** localhost, 127.x.x.x or ::1: a site nobody else can reach by its public URL. */
function isLoopbackUrl(value: string | undefined): boolean {
  if (value === undefined) return true;
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** A host name as browsers send it in the Host header, without port. */
const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** host or host:port (an IPv6 address in brackets), as ICAL_ALLOW_HOSTS lists them. */
const allowHostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const envSchema = z
  .object({
    PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a whole number between 0 and 65535' })
        .transform(Number)
        .pipe(z.number().max(65_535, { error: 'must be a whole number between 0 and 65535' }))
        .default(3000),
    ),
    HOST: optionalText.pipe(z.string().default('0.0.0.0')),
    DATA_DIR: optionalText.pipe(z.string().default('./data')),
    DATABASE_URL: optionalText.pipe(
      z.string().refine(isPostgresUrl, { error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    PUBLIC_URL: optionalText.pipe(
      z
        .string()
        .refine(isHttpUrl, { error: 'must be an http:// or https:// URL, e.g. https://summitandshore.example' })
        .optional(),
    ),
    LEGACY_HOSTS: optionalText.pipe(
      z
        .string()
        .default('')
        .transform((list) =>
          list
            .split(',')
            .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
            .filter((host) => host !== ''),
        )
        .pipe(
          z.array(
            z.string().regex(hostNamePattern, {
              error:
                'must be a comma-separated list of host names without scheme or port, e.g. old.example.com,www.old.example.com',
            }),
          ),
        ),
    ),
    WEB_DIST: optionalText.pipe(z.string().default(defaultWebDist)),
    LOG_LEVEL: optionalText.pipe(z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).optional()),
    NODE_ENV: optionalText.pipe(
      z.enum(nodeEnvs, { error: `must be one of ${nodeEnvs.join(', ')}` }).default('development'),
    ),
    // Until staff accounts exist, the one credential that may block calendar
    // dates (ADR 007). Unset: blocking is off. Long enough not to be guessed.
    STAFF_API_KEY: optionalText.pipe(
      z.string().min(24, { error: 'must be at least 24 characters, e.g. from `openssl rand -hex 32`' }).optional(),
    ),
    // Outgoing mail. Unset: messages are written as .eml files under DATA_DIR/outbox.
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .refine(isSmtpUrl, { error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587' })
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(z.string().default(defaultMailFrom)),
    // Where owner inquiries from the Management page are e-mailed.
    COMPANY_INBOX_EMAIL: optionalText.pipe(
      z.email({ error: 'must be an e-mail address, e.g. owners@summitandshore.example' }).default(defaultCompanyInbox),
    ),
    // Google Vacation Rentals (issue 27): where prices and availability are
    // POSTed, and the partner key sent with them. Unset URL: nothing is sent.
    GOOGLE_ARI_URL: optionalText.pipe(
      z.string().refine(isHttpUrl, { error: "must be an http:// or https:// URL of Google's ARI endpoint" }).optional(),
    ),
    GOOGLE_PARTNER_KEY: optionalText.pipe(z.string().max(500).optional()),
    // Support chat script loaded on the first click (SPEC.md section 2); unset: no chat.
    CHAT_SCRIPT_URL: optionalText.pipe(
      z
        .string()
        .refine(isScriptUrl, { error: 'must be an https:// URL of the chat script (http:// only for localhost)' })
        .optional(),
    ),
    // Office map on the About page; unset: a static map with a link to a maps site.
    MAP_EMBED_URL: optionalText.pipe(
      z
        .string()
        .transform((value, ctx) => {
          const url = safeUrl(value, 'map');
          if (url === null) {
            ctx.addIssue({
              code: 'custom',
              message:
                'must be an https:// map embed URL (or its <iframe> code) on www.google.com or www.openstreetmap.org',
            });
            return z.NEVER;
          }
          return url;
        })
        .optional(),
    ),
    // Stripe is used only when all three keys are set; otherwise the sandbox provider.
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, { error: 'must be a Stripe secret key (sk_... or rk_...)' })
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z.string().regex(/^pk_/, { error: 'must be a Stripe publishable key (pk_...)' }).optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_/, { error: 'must be a Stripe webhook signing secret (whsec_...)' })
        .optional(),
    ),
    // Another Stripe API origin, e.g. stripe-mock or a contract test server.
    STRIPE_API_URL: optionalText.pipe(
      z.string().refine(isHttpUrl, { error: 'must be an http:// or https:// URL' }).optional(),
    ),
    // Twilio sends the guests' texts when all three are set; otherwise the sandbox writes them to DATA_DIR/outbox.
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC[0-9a-zA-Z]{32}$/, { error: 'must be a Twilio account SID (AC followed by 32 characters)' })
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be a Twilio auth token' }).optional()),
    TWILIO_FROM: optionalText.pipe(
      z
        .string()
        .regex(/^(\+[1-9]\d{7,14}|MG[0-9a-zA-Z]{32})$/, {
          error: 'must be a phone number like +15550100123 or a messaging service SID (MG...)',
        })
        .optional(),
    ),
    // Another Twilio API origin, e.g. a contract test server.
    TWILIO_API_URL: optionalText.pipe(
      z.string().refine(isHttpUrl, { error: 'must be an http:// or https:// URL' }).optional(),
    ),
    HOLD_MINUTES: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a whole number of minutes between 1 and 120' })
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, { error: 'must be a whole number of minutes between 1 and 120' })
            .max(120, { error: 'must be a whole number of minutes between 1 and 120' }),
        )
        .default(defaultHoldMinutes),
    ),
    // Accounts (ADR 012). JWT_SECRET signs access tokens (HS256); required in production.
    JWT_SECRET: optionalText.pipe(
      z.string().min(32, { error: 'must be at least 32 characters, e.g. from `openssl rand -base64 48`' }).optional(),
    ),
    ACCESS_TOKEN_TTL_MINUTES: wholeNumber(1, 1440, 'minutes', 15),
    REFRESH_TOKEN_TTL_DAYS: wholeNumber(1, 365, 'days', 30),
    // Shared rate-limit counters for several server processes. Unset: counted in memory.
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .refine(isRedisUrl, { error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' })
        .optional(),
    ),
    // Attempts at sign-in, sign-up and password reset allowed per window, per IP and per e-mail.
    AUTH_RATE_LIMIT_PER_IP: wholeNumber(1, 100_000, 'attempts', 30),
    AUTH_RATE_LIMIT_PER_ACCOUNT: wholeNumber(1, 100_000, 'attempts', 10),
    AUTH_RATE_LIMIT_WINDOW_MINUTES: wholeNumber(1, 1440, 'minutes', 15),
    // Two-step sign-in compulsory for staff and admins (issue 14): the console refuses them until enrolled.
    STAFF_REQUIRE_2FA: optionalText.pipe(
      z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true'),
    ),
    // Browser journeys only: POST /api/test/clock moves this process's clock (refund tiers, concierge deadlines).
    TEST_CLOCK: optionalText.pipe(
      z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true'),
    ),
    // Channel sync (issue 15): minutes between fetches of each imported calendar feed.
    ICAL_SYNC_MINUTES: wholeNumber(1, 1440, 'minutes', 15),
    // Feed hosts that may be fetched over http and on private addresses, e.g. a local feed server in tests.
    ICAL_ALLOW_HOSTS: optionalText.pipe(
      z
        .string()
        .default('')
        .transform((list) =>
          list
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter((host) => host !== ''),
        )
        .pipe(
          z.array(
            z.string().regex(allowHostPattern, {
              error: 'must be a comma-separated list of host or host:port, e.g. feeds.example.com,localhost:8787',
            }),
          ),
        ),
    ),
    ...oauthShape,
  })
  .superRefine((raw, ctx) => {
    // Half a Stripe configuration would silently fall back to the sandbox in production.
    const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    const missing = stripeKeys.filter((key) => raw[key] === undefined);
    if (missing.length > 0 && missing.length < stripeKeys.length) {
      for (const key of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required when any of ${stripeKeys.join(', ')} is set (set all three for Stripe, none for the sandbox)`,
        });
      }
    }
  })
  .superRefine((raw, ctx) => {
    // Half a Twilio configuration would silently keep the texts in the sandbox.
    const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
    const missing = twilioKeys.filter((key) => raw[key] === undefined);
    if (missing.length > 0 && missing.length < twilioKeys.length) {
      for (const key of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required when any of ${twilioKeys.join(', ')} is set (set all three for Twilio, none for the sandbox)`,
        });
      }
    }
  })
  .superRefine((raw, ctx) => {
    if (raw.TEST_CLOCK && !isLoopbackUrl(raw.PUBLIC_URL)) {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'is for tests on a loopback PUBLIC_URL only' });
    }
    if (raw.NODE_ENV === 'production' && raw.JWT_SECRET === undefined && !isLoopbackUrl(raw.PUBLIC_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production (at least 32 random characters, e.g. from `openssl rand -base64 48`)',
      });
    }
    // A provider with an id but no way to authenticate would fail every sign-in.
    for (const provider of socialProviders) {
      const has = (setting: OAuthSetting) => raw[oauthKey(provider, setting)] !== undefined;
      const appleKey = provider === 'apple' && has('TEAM_ID') && has('KEY_ID') && has('PRIVATE_KEY');
      if (has('CLIENT_ID') && !has('CLIENT_SECRET') && !appleKey) {
        ctx.addIssue({
          code: 'custom',
          path: [oauthKey(provider, 'CLIENT_SECRET')],
          message:
            provider === 'apple'
              ? `is required when ${oauthKey(provider, 'CLIENT_ID')} is set (or set OAUTH_APPLE_TEAM_ID, OAUTH_APPLE_KEY_ID and OAUTH_APPLE_PRIVATE_KEY)`
              : `is required when ${oauthKey(provider, 'CLIENT_ID')} is set`,
        });
      }
      if (!has('CLIENT_ID') && (has('CLIENT_SECRET') || has('PRIVATE_KEY'))) {
        ctx.addIssue({
          code: 'custom',
          path: [oauthKey(provider, 'CLIENT_ID')],
          message: `is required when the other ${oauthKey(provider, 'CLIENT_SECRET').replace(/CLIENT_SECRET$/, '*')} settings are set`,
        });
      }
    }
  })
  .transform((raw) => ({
    PORT: raw.PORT,
    HOST: raw.HOST,
    DATA_DIR: resolve(process.cwd(), raw.DATA_DIR),
    DATABASE_URL: raw.DATABASE_URL,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    LEGACY_HOSTS: raw.LEGACY_HOSTS,
    WEB_DIST: resolve(process.cwd(), raw.WEB_DIST),
    // Test output stays readable: request logs only when a test asks for them.
    LOG_LEVEL: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'test' ? 'silent' : 'info'),
    NODE_ENV: raw.NODE_ENV,
    STAFF_API_KEY: raw.STAFF_API_KEY,
    SMTP_URL: raw.SMTP_URL,
    MAIL_FROM: raw.MAIL_FROM,
    COMPANY_INBOX_EMAIL: raw.COMPANY_INBOX_EMAIL,
    GOOGLE_ARI_URL: raw.GOOGLE_ARI_URL,
    GOOGLE_PARTNER_KEY: raw.GOOGLE_PARTNER_KEY,
    CHAT_SCRIPT_URL: raw.CHAT_SCRIPT_URL,
    MAP_EMBED_URL: raw.MAP_EMBED_URL,
    STRIPE:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_PUBLISHABLE_KEY && raw.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            apiUrl: raw.STRIPE_API_URL,
          }
        : undefined,
    TWILIO:
      raw.TWILIO_ACCOUNT_SID && raw.TWILIO_AUTH_TOKEN && raw.TWILIO_FROM
        ? {
            accountSid: raw.TWILIO_ACCOUNT_SID,
            authToken: raw.TWILIO_AUTH_TOKEN,
            from: raw.TWILIO_FROM,
            apiUrl: raw.TWILIO_API_URL,
          }
        : undefined,
    HOLD_MINUTES: raw.HOLD_MINUTES,
    JWT_SECRET:
      raw.JWT_SECRET ?? (raw.NODE_ENV === 'production' ? randomBytes(48).toString('base64url') : developmentJwtSecret),
    ACCESS_TOKEN_TTL_MINUTES: raw.ACCESS_TOKEN_TTL_MINUTES,
    REFRESH_TOKEN_TTL_DAYS: raw.REFRESH_TOKEN_TTL_DAYS,
    REDIS_URL: raw.REDIS_URL,
    AUTH_RATE_LIMIT: {
      perIp: raw.AUTH_RATE_LIMIT_PER_IP,
      perAccount: raw.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMinutes: raw.AUTH_RATE_LIMIT_WINDOW_MINUTES,
    },
    STAFF_REQUIRE_2FA: raw.STAFF_REQUIRE_2FA,
    TEST_CLOCK: raw.TEST_CLOCK,
    ICAL_SYNC_MINUTES: raw.ICAL_SYNC_MINUTES,
    ICAL_ALLOW_HOSTS: raw.ICAL_ALLOW_HOSTS,
    OAUTH: {
      google: oauthProviderEnv(raw, 'google'),
      facebook: oauthProviderEnv(raw, 'facebook'),
      apple: oauthProviderEnv(raw, 'apple'),
    } satisfies Record<SocialProvider, OAuthProviderEnv | undefined>,
  }));

export type Env = z.output<typeof envSchema>;
export type LogLevel = Env['LOG_LEVEL'];

export class EnvError extends Error {
  override readonly name = 'EnvError';
  /** One line per bad variable, e.g. "PORT: must be a whole number between 0 and 65535". */
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * Parses the environment, or throws an EnvError naming every bad variable.
 * Values are never echoed back: DATABASE_URL may hold a password.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = typeof issue.path[0] === 'string' ? issue.path[0] : 'environment';
    // The first issue of a variable is the useful one; later ones repeat it.
    if (!problems.has(name)) problems.set(name, `${name}: ${issue.message}`);
  }
  throw new EnvError([...problems.values()]);
}

/** For the entry points (server, `npm run users`): the settings, or the message naming what is wrong and exit 1. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
