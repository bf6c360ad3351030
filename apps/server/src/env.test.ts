import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, developmentJwtSecret, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('starts with sensible defaults when nothing is set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: resolve(process.cwd(), 'data'),
      DATABASE_URL: undefined,
      PUBLIC_URL: 'http://localhost:3000',
      LEGACY_HOSTS: [],
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    // The SPA build is found from the server's own location, not the working directory.
    expect(env.WEB_DIST).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable and normalises lists, paths and URLs', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/sas',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/sas',
      PUBLIC_URL: 'https://summitandshore.example/',
      LEGACY_HOSTS: ' Book.Old-Site.example , www.old-site.example. ,',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mailer:secret@mail.example:465',
      MAIL_FROM: 'Stays <stays@example.com>',
      COMPANY_INBOX_EMAIL: 'owners@example.com',
      CHAT_SCRIPT_URL: 'https://chat.example.net/widget.js',
      MAP_EMBED_URL: 'https://www.google.com/maps/embed?pb=office',
      HOLD_MINUTES: '20',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      ACCESS_TOKEN_TTL_MINUTES: '10',
      REFRESH_TOKEN_TTL_DAYS: '14',
      REDIS_URL: 'redis://cache.internal:6379',
      AUTH_RATE_LIMIT_PER_IP: '50',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '5',
      AUTH_RATE_LIMIT_WINDOW_MINUTES: '30',
      STAFF_REQUIRE_2FA: 'true',
      ICAL_SYNC_MINUTES: '30',
      ICAL_ALLOW_HOSTS: ' Feeds.Example.com , localhost:8787,',
      OAUTH_GOOGLE_CLIENT_ID: 'google-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
    });
    expect(env).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: resolve(process.cwd(), 'var/sas'),
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/sas',
      PUBLIC_URL: 'https://summitandshore.example',
      LEGACY_HOSTS: ['book.old-site.example', 'www.old-site.example'],
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      STAFF_API_KEY: undefined,
      SMTP_URL: 'smtps://mailer:secret@mail.example:465',
      MAIL_FROM: 'Stays <stays@example.com>',
      COMPANY_INBOX_EMAIL: 'owners@example.com',
      CHAT_SCRIPT_URL: 'https://chat.example.net/widget.js',
      MAP_EMBED_URL: 'https://www.google.com/maps/embed?pb=office',
      STRIPE: undefined,
      HOLD_MINUTES: 20,
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      ACCESS_TOKEN_TTL_MINUTES: 10,
      REFRESH_TOKEN_TTL_DAYS: 14,
      REDIS_URL: 'redis://cache.internal:6379',
      AUTH_RATE_LIMIT: { perIp: 50, perAccount: 5, windowMinutes: 30 },
      STAFF_REQUIRE_2FA: true,
      TEST_CLOCK: false,
      ICAL_SYNC_MINUTES: 30,
      ICAL_ALLOW_HOSTS: ['feeds.example.com', 'localhost:8787'],
      OAUTH: {
        google: {
          clientId: 'google-client',
          clientSecret: 'google-secret',
          appleKey: undefined,
          authorizationUrl: undefined,
          tokenUrl: undefined,
          userinfoUrl: undefined,
          issuer: undefined,
          jwksUrl: undefined,
        },
        facebook: undefined,
        apple: undefined,
      },
    });
  });

  it('needs JWT_SECRET in production and uses a development secret elsewhere', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://summitandshore.example' })).toThrow(
      /JWT_SECRET: is required in production/,
    );
    // `npm start` on a laptop: a random secret, never the public development one.
    const local = loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:4173' }).JWT_SECRET;
    expect(local).not.toBe(developmentJwtSecret);
    expect(local.length).toBeGreaterThanOrEqual(32);
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(loadEnv({ NODE_ENV: 'test' }).JWT_SECRET).toBe(developmentJwtSecret);
  });

  it('refuses half a social provider configuration', () => {
    expect(() => loadEnv({ OAUTH_FACEBOOK_CLIENT_ID: 'fb' })).toThrow(
      /OAUTH_FACEBOOK_CLIENT_SECRET: is required when OAUTH_FACEBOOK_CLIENT_ID is set/,
    );
    expect(() => loadEnv({ OAUTH_GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/OAUTH_GOOGLE_CLIENT_ID: is required/);
    expect(() =>
      loadEnv({ OAUTH_GOOGLE_CLIENT_ID: 'g', OAUTH_GOOGLE_CLIENT_SECRET: 's', OAUTH_GOOGLE_TOKEN_URL: 'ftp://x' }),
    ).toThrow(/OAUTH_GOOGLE_TOKEN_URL: must be an http/);
    const apple = loadEnv({
      OAUTH_APPLE_CLIENT_ID: 'com.example.web',
      OAUTH_APPLE_TEAM_ID: 'TEAM',
      OAUTH_APPLE_KEY_ID: 'KEY',
      OAUTH_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
    }).OAUTH.apple;
    expect(apple?.appleKey).toEqual({
      teamId: 'TEAM',
      keyId: 'KEY',
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    });
  });

  it('reads auth limits and refuses nonsense', () => {
    expect(loadEnv({}).AUTH_RATE_LIMIT).toEqual({ perIp: 30, perAccount: 10, windowMinutes: 15 });
    expect(loadEnv({}).ACCESS_TOKEN_TTL_MINUTES).toBe(15);
    expect(loadEnv({}).REFRESH_TOKEN_TTL_DAYS).toBe(30);
    expect(() => loadEnv({ AUTH_RATE_LIMIT_PER_IP: '0' })).toThrow(/AUTH_RATE_LIMIT_PER_IP: must be a whole number/);
    expect(() => loadEnv({ REDIS_URL: 'http://redis' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });

  it('syncs channel feeds every 15 minutes by default and reads the allowed feed hosts', () => {
    expect(loadEnv({}).ICAL_SYNC_MINUTES).toBe(15);
    expect(loadEnv({}).ICAL_ALLOW_HOSTS).toEqual([]);
    expect(() => loadEnv({ ICAL_SYNC_MINUTES: '0' })).toThrow(/ICAL_SYNC_MINUTES: must be a whole number/);
    expect(() => loadEnv({ ICAL_SYNC_MINUTES: '1441' })).toThrow(/ICAL_SYNC_MINUTES: must be a whole number/);
    expect(() => loadEnv({ ICAL_ALLOW_HOSTS: 'http://feeds.example.com' })).toThrow(/ICAL_ALLOW_HOSTS: must be/);
  });

  it('derives PUBLIC_URL from PORT and keeps logs quiet in tests', () => {
    const env = loadEnv({ PORT: '4000', NODE_ENV: 'test' });
    expect(env.PUBLIC_URL).toBe('http://localhost:4000');
    expect(env.LOG_LEVEL).toBe('silent');
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', PUBLIC_URL: '  ', LEGACY_HOSTS: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('fails listing every bad variable at once, without echoing values', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@localhost/sas',
        PUBLIC_URL: 'summitandshore.example',
        LEGACY_HOSTS: 'https://old.example',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const envError = error as EnvError;
    expect(envError.problems.map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'PUBLIC_URL',
      'LEGACY_HOSTS',
      'LOG_LEVEL',
      'NODE_ENV',
    ]);
    expect(envError.message).toContain('Invalid environment configuration');
    expect(envError.message).toContain('PORT: must be a whole number between 0 and 65535');
    expect(envError.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(envError.message).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(envError.message).not.toContain('hunter2');
  });

  it('reads an optional staff API key and refuses a short one without echoing it', () => {
    expect(loadEnv({}).STAFF_API_KEY).toBeUndefined();
    expect(loadEnv({ STAFF_API_KEY: '' }).STAFF_API_KEY).toBeUndefined();
    const key = 'k'.repeat(32);
    expect(loadEnv({ STAFF_API_KEY: key }).STAFF_API_KEY).toBe(key);
    expect(() => loadEnv({ STAFF_API_KEY: 'letmein' })).toThrow(/STAFF_API_KEY: must be at least 24 characters/);
    expect(() => loadEnv({ STAFF_API_KEY: 'letmein' })).not.toThrow(/letmein/);
  });

  it('rejects a port out of range', () => {
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT: must be a whole number between 0 and 65535/);
  });

  it('sends mail as Summit & Shore, holds nights 15 minutes and uses the sandbox by default', () => {
    const env = loadEnv({});
    expect(env.MAIL_FROM).toBe('Summit & Shore <stays@summitandshore.example>');
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.HOLD_MINUTES).toBe(15);
    expect(env.STRIPE).toBeUndefined();
  });

  it('uses Stripe only with all three keys, and names the missing ones without echoing the others', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadEnv({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'http://127.0.0.1:12111',
    });
    let error: unknown;
    try {
      loadEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(problems.join('\n')).not.toContain('sk_test_abc123');
    expect(() => loadEnv({ ...keys, STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  it('refuses a mail server that is not an SMTP URL and a hold outside 1-120 minutes', () => {
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadEnv({ HOLD_MINUTES: '0' })).toThrow(/HOLD_MINUTES/);
    expect(() => loadEnv({ HOLD_MINUTES: '121' })).toThrow(/HOLD_MINUTES/);
    expect(() => loadEnv({ HOLD_MINUTES: 'soon' })).toThrow(/HOLD_MINUTES: must be a whole number of minutes/);
  });
});
