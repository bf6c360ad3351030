// Rate limits of sign-in, sign-up and password reset (ADR 012), counted per
// client address and per account (the e-mail in the body), in memory or in
// Redis when REDIS_URL is set so that every server process shares the counts.
// `app.authRateLimit(name, accountOf)` gives a route's preHandler; it runs
// after validation, so the e-mail it counts is the parsed one.
import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 429 once the address, or the account `accountOf` names, made too many attempts at `name`. */
    authRateLimit(
      name: string,
      accountOf?: (request: FastifyRequest) => string | undefined,
    ): preHandlerAsyncHookHandler;
  }
}

export interface RateLimitPluginOptions {
  env: Pick<Env, 'REDIS_URL' | 'AUTH_RATE_LIMIT'>;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Expands an IPv6 address to its eight groups, or null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  if (!ip.includes(':')) return null;
  const [head = '', tail] = ip.split('::', 2);
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * The client as counted: an IPv4 address as is (also when IPv4-mapped), an
 * IPv6 address by its /64, which one subscriber usually holds whole.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** E-mails are counted by digest: the store never holds them. */
function accountKey(account: string): string {
  return createHash('sha256').update(account.trim().toLowerCase(), 'utf8').digest('base64url');
}

export default fp<RateLimitPluginOptions>(
  async (app, { env }) => {
    const redis = env.REDIS_URL
      ? new Redis(env.REDIS_URL, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: true })
      : undefined;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'rate-limit Redis connection failed'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'sas-auth-rate-limit:' } : {}),
      // A Redis outage must not lock everyone out of their account; it is logged above.
      skipOnError: true,
    });

    const { perIp, perAccount, windowMinutes } = env.AUTH_RATE_LIMIT;
    const timeWindow = windowMinutes * 60_000;

    app.decorate('authRateLimit', (name: string, accountOf?: (request: FastifyRequest) => string | undefined) => {
      const byAddress = app.createRateLimit({
        max: perIp,
        timeWindow,
        keyGenerator: (request) => `${name}:ip:${clientKey(request.ip)}`,
      });
      const byAccount = app.createRateLimit({
        max: perAccount,
        timeWindow,
        keyGenerator: (request) => `${name}:account:${accountKey(accountOf?.(request) ?? '')}`,
      });
      const handler: preHandlerAsyncHookHandler = async function (request, reply) {
        const checks = [byAddress];
        if (accountOf?.(request)) checks.push(byAccount);
        for (const check of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            void reply.header('retry-after', String(result.ttlInSeconds));
            return reply.code(429).send({ message: tooManyAttemptsMessage(result.ttlInSeconds) });
          }
        }
      };
      return handler;
    });
  },
  { name: 'auth-rate-limit', fastify: '5.x' },
);
