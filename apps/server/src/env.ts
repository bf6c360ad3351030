// The only place the server reads process.env. Everything else receives the
// parsed, typed Env, so a bad variable stops start-up here with a message that
// names it instead of surfacing later as a confusing runtime failure.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
