import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { clientKey, tooManyAttemptsMessage } from './rate-limit.js';

describe('clientKey', () => {
  it('counts IPv4 as is and IPv6 by its /64', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('words the wait in minutes', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(899)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

// Redis-backed counts, when a Redis server is given (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis', () => {
  let t: TestApp | undefined;

  afterAll(async () => {
    await t?.close();
  });

  it('are shared by every server process', async () => {
    const settings = { REDIS_URL: redisUrl, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' };
    t = await buildTestApp(settings, { seed: false });
    const other = (await t.buildAnotherApp(settings)).app;
    // A new account each run, so earlier runs' counts (kept for the window) do not interfere.
    const email = `redis-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const attempt = (app: typeof other) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong password' } });

    expect((await attempt(t.app)).statusCode).toBe(401);
    expect((await attempt(other)).statusCode).toBe(401);
    expect((await attempt(t.app)).statusCode).toBe(401);
    // The fourth attempt, on the other process, sees the first three.
    const limited = await attempt(other);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many attempts\./);
  });
});
