// Issue 8, resilience: every API route, found through Fastify's onRoute hook
// (so routes added later are covered without touching this file), gets
// hundreds of hostile requests. Each must be answered with a 4xx carrying a
// clear `{ message }` that leaks nothing internal (or, on a route that only
// reads, may be answered normally), never a 5xx, and the database must be
// exactly as it was.
import { randomUUID } from 'node:crypto';
import { collectionNames } from '@sas/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyLimit } from './app.js';
import { intentRequest, nextStay, testCards } from './test/booking.js';
import { snapshotChanges, snapshotDatabase } from './test/db-snapshot.js';
import { buildTestApp } from './test/helper.js';
import {
  mayAccept,
  probesFor,
  strayProbes,
  type Probe,
  type RouteBase,
  type RouteInfo,
} from './test/hostile-requests.js';

const staffKey = 'resilience-staff-key-0123456789abcdef';
const t = await buildTestApp({
  STAFF_API_KEY: staffKey,
  LOG_LEVEL: 'fatal',
  // Every probe comes from one address: without room, the sign-in routes
  // would answer 429 before looking at most of them.
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
});

afterAll(async () => {
  await t.close();
});

const home = t.catalog.properties[0];
if (!home?.id || !home.slug) throw new Error('The seed catalogue has no home');
const stay = nextStay(3);
const nobody = 'SAS-ZZZZZZ';
const unknownIntent = 'pi_sandbox_resilience_unknown';

/**
 * Input that gets past validation yet changes nothing: real homes for routes
 * that only read, and for routes that write, well-formed requests about a
 * home, payment or booking that does not exist. Routes not listed get a
 * sample from their schemas, poisoned so that it is refused (hostile-requests.ts).
 */
const bases: Record<string, RouteBase> = {
  'GET /api/properties/search/:idOrSlugValue': { params: { idOrSlugValue: home.slug } },
  'GET /api/properties/:id/nearby-places': { params: { id: home.id } },
  'GET /api/properties/:id/calendar': { params: { id: home.id } },
  'GET /api/properties/collection/:collection': { params: { collection: collectionNames[0] } },
  'GET /api/search/availability': { query: { checkIn: stay.checkIn, checkOut: stay.checkOut, adults: '2' } },
  'POST /api/properties/:id/quote': {
    params: { id: home.slug },
    body: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2, children: 1 } },
    mayAccept: true,
  },
  'PUT /api/calendar/block-dates': {
    query: { propertyId: randomUUID() },
    headers: { authorization: `Bearer ${staffKey}` },
    body: { dates: [stay.checkIn], reason: 'Owner stay' },
  },
  'POST /api/stripe/create-payment-intent': { body: intentRequest({ id: randomUUID() }, stay) },
  'POST /api/sandbox/payment-intents/:id/confirm': {
    params: { id: unknownIntent },
    body: {
      clientSecret: `${unknownIntent}_secret_x`,
      card: { number: testCards.visa, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
    },
  },
  'POST /api/reservation/confirm': {
    body: {
      id: unknownIntent,
      confirmationCode: unknownIntent,
      propertyId: home.id,
      propertyName: 'Bluebird Lodge',
      ...stay,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+1 970 555 0100',
      nights: 3,
      adults: 2,
      children: 0,
      pets: 0,
      basePrice: 600,
      taxes: 75,
      fees: 150,
      totalAmount: 825,
      paymentIntentId: unknownIntent,
      currency: 'usd',
      addOns: [],
    },
  },
  'POST /api/email/send-manual': { body: { confirmationCode: nobody } },
  'POST /api/booking/send-email/:id': { params: { id: nobody } },
  'POST /api/reservation/send-email/:bookingId': { params: { bookingId: nobody } },
  // Accounts: an address nobody has, tokens nobody holds.
  'POST /api/auth/login': { body: { email: 'nobody@example.com', password: 'not-the-password' } },
  'POST /api/auth/refresh': { body: { refreshToken: 'not-a-refresh-token' } },
  'POST /api/auth/reset-password': { body: { token: 'not-a-reset-token', password: 'a-new-password-1' } },
  // 202 for any address, so as not to tell who has an account; nothing is written for an unknown one.
  'POST /api/auth/forgot-password': { body: { email: 'nobody@example.com' }, mayAccept: true },
  // Signing out a token nobody holds is a harmless 204.
  'POST /api/logout': { body: { refreshToken: 'not-a-refresh-token' }, mayAccept: true },
};

/** The API: /api routes, plus the one dynamic file route outside it (social images). */
function isApiRoute(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/media/social/');
}

const routes: RouteInfo[] = [];
const seen = new Set<string>();
for (const route of t.routes) {
  for (const method of [route.method].flat()) {
    const key = `${method} ${route.url}`;
    // HEAD answers like GET without a body; probing GET covers it.
    if (method === 'HEAD' || !isApiRoute(route.url) || seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, url: route.url, schema: route.schema });
  }
}

/** Words that only appear in a message when internals leak: stack frames, SQL, driver and framework names. */
const leakPattern =
  /\n\s+at |\bat [\w.$<>]+ \(|\.[cm]?[jt]s:\d+|node_modules|\/work\/|syntax error|violates|duplicate key|invalid input syntax|invalid byte sequence|relation "|column "|failed query|pglite|drizzle|postgres|ECONN|TypeError|ReferenceError|RangeError|Cannot read prop|is not a function|ZodError|FST_ERR|Internal server error/i;

/** Longest message we accept: a sentence, not an echo of the whole request. */
const maxMessageLength = 1_000;

function problemWith(probe: Probe, route: RouteInfo | undefined, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  const where = `${probe.label} -> ${status}`;
  if (status >= 500) return `${where} ${response.body.slice(0, 200)}`;
  if (status < 400) {
    // A path no route serves may still be a page of the site (dot segments resolve out of /api).
    const accepts = route
      ? mayAccept(route, bases[`${route.method} ${route.url}`] ?? {})
      : probe.request.method === 'GET';
    return accepts ? null : `${where}: a route that writes accepted a hostile request`;
  }
  if (probe.request.method === 'HEAD') return null;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return `${where}: the error is not JSON (${String(response.headers['content-type'])})`;
  }
  let message: unknown;
  try {
    message = (JSON.parse(response.body) as { message?: unknown }).message;
  } catch {
    return `${where}: the error body does not parse`;
  }
  if (typeof message !== 'string' || message.trim() === '') return `${where}: no message`;
  if (message.length > maxMessageLength) return `${where}: a ${message.length}-character message`;
  if (leakPattern.test(message)) return `${where}: the message leaks internals: ${message.slice(0, 200)}`;
  return null;
}

/** How often each status was answered, for the summary. */
const statuses = new Map<number, number>();

/** Sends the probes a few at a time; returns what went wrong. */
async function send(probes: readonly Probe[], route: RouteInfo | undefined): Promise<string[]> {
  const problems: string[] = [];
  const queue = [...probes];
  const worker = async () => {
    for (let probe = queue.shift(); probe; probe = queue.shift()) {
      try {
        const response = await t.app.inject(probe.request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem = problemWith(probe, route, response);
        if (problem) problems.push(problem);
      } catch (err) {
        problems.push(`${probe.label}: the request threw ${String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return problems;
}

let sent = 0;

describe('hostile requests', () => {
  it('finds the API routes through the onRoute hook', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    // Spot checks that the hook sees routes of every plugin; the probes cover every one.
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/stripe/publishable-key',
        'POST /api/properties/:id/quote',
        'PUT /api/calendar/block-dates',
        'POST /api/stripe/create-payment-intent',
        'POST /api/stripe/webhook',
        'POST /api/reservation/confirm',
      ]),
    );
    for (const key of Object.keys(bases)) expect(keys, `${key} is listed above but not served`).toContain(key);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s refuses hostile input with a clear 4xx and changes nothing',
    async (key, route) => {
      const probes = probesFor({ route, base: bases[key] ?? {}, bodyLimit });
      const before = await snapshotDatabase(t.db);
      const problems = await send(probes, route);
      sent += probes.length;
      expect(problems).toEqual([]);
      expect(snapshotChanges(before, await snapshotDatabase(t.db))).toEqual([]);
    },
  );

  it('answers paths and methods no route serves with a JSON 404 or 4xx', async () => {
    const probes = strayProbes(routes);
    const before = await snapshotDatabase(t.db);
    const problems = await send(probes, undefined);
    sent += probes.length;
    expect(problems).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(t.db))).toEqual([]);
  });

  it('sent at least 1,000 hostile requests', () => {
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status} x${count}`);
    console.info(`resilience: ${sent} hostile requests to ${routes.length} routes; answers ${answers.join(', ')}`);
    expect(sent).toBeGreaterThanOrEqual(1_000);
  });
});
