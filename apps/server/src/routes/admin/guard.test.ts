// Every console route, including ones added later, refuses anonymous callers
// (401), guests and cleaners (403) before reading their request: the route list comes
// from Fastify itself, so a new route cannot forget the guard unnoticed.
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let guest: TestAccount;
let cleaner: TestAccount;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  guest = await createAccount(t.app, t.db, 'guest');
  cleaner = await createAccount(t.app, t.db, 'cleaner');
});
afterAll(() => t.close());

function consoleRoutes(): { method: HTTPMethods; url: string }[] {
  return t.routes
    .filter((route) => route.url.startsWith('/api/admin'))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          // Any value for a parameter: the guard answers before it is looked at.
          url: route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'),
        })),
    );
}

describe('/api/admin', () => {
  it('has the console routes', () => {
    expect(consoleRoutes().length).toBeGreaterThan(25);
  });

  it('answers 401 to every route without a token, even with a malformed body', async () => {
    for (const { method, url } of consoleRoutes()) {
      const answer = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{"x":',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each(['guest', 'cleaner'] as const)(
    'answers 403 to every route for a %s account, even with a malformed body',
    async (role) => {
      const account = role === 'guest' ? guest : cleaner;
      for (const { method, url } of consoleRoutes()) {
        const answer = await t.app.inject({
          method,
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{"x":',
          headers: { ...account.headers, 'content-type': 'application/json' },
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
    },
  );
});
