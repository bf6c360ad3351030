// The only place the server reads process.env. Everything else receives the
// parsed, typed Env, so a bad variable stops start-up here with a message that
// names it instead of surfacing later as a confusing runtime failure.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultHoldMinutes } from '@sas/domain';
import { z } from 'zod';

const defaultMailFrom = 'Summit & Shore <stays@summitandshore.example>';

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

/** A host name as browsers send it in the Host header, without port. */
const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

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
    STRIPE:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_PUBLISHABLE_KEY && raw.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            apiUrl: raw.STRIPE_API_URL,
          }
        : undefined,
    HOLD_MINUTES: raw.HOLD_MINUTES,
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
