// API throughput: every route is run for the same time and connections as the
// baseline route of the same server, so the ratio survives a noisy machine.
// The quote and the search send a different stay with each request, cycling
// through 100+ date ranges and party sizes, so a cache holding one answer
// cannot pass for a fast route.
import { addDays } from '@sas/domain';
import autocannon from 'autocannon';

export interface ApiResult {
  name: string;
  path: string;
  /** How many different requests the route cycled through (1: the same every time). */
  variants: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratioToBaseline: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
}

/** One request of a route: GET unless it has a JSON body, which is POSTed. */
export interface RequestVariant {
  path: string;
  body?: string;
}

/** A route to measure: one request, or several sent in turn. */
export interface Route {
  name: string;
  variants: readonly RequestVariant[];
}

/** The fewest distinct stays the quote and the search spread their requests over. */
export const minVariants = 100;

/** The baseline: robots.txt is fixed text held in memory, the cost of the server itself. */
export const baselineRoute: Route = { name: 'baseline', variants: [{ path: '/robots.txt' }] };

const json = { 'content-type': 'application/json' };

async function load(origin: string, route: Route, { seconds, connections }: LoadOptions) {
  const [first] = route.variants;
  if (!first) throw new Error(`${route.name}: no request to send`);
  // Shared by every connection: request n sends variant n mod variants.length.
  let next = 0;
  const result = await autocannon({
    url: origin,
    duration: seconds,
    connections,
    pipelining: 1,
    requests: [
      {
        setupRequest: (request) => {
          const variant = route.variants[next++ % route.variants.length] ?? first;
          return variant.body === undefined
            ? { ...request, method: 'GET', path: variant.path }
            : { ...request, method: 'POST', path: variant.path, body: variant.body, headers: json };
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Measures the routes in turn, each after a one-second warm-up; the first is the baseline of the ratios. */
export async function measureRoutes(
  origin: string,
  routes: readonly Route[],
  options: LoadOptions,
): Promise<ApiResult[]> {
  const measured = [];
  for (const route of routes) {
    // A short warm-up so JIT and caches do not count against the first route.
    await load(origin, route, { seconds: 1, connections: options.connections });
    measured.push({
      name: route.name,
      path: route.variants[0]?.path ?? '',
      variants: route.variants.length,
      ...(await load(origin, route, options)),
    });
  }
  const baseline = measured[0]?.requestsPerSecond ?? 1;
  return measured.map((m) => ({ ...m, ratioToBaseline: Math.round((m.requestsPerSecond / baseline) * 1000) / 1000 }));
}

/** Today by UTC: on or after the local date of every home (all are west of Greenwich). */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Searches over the coming year, where the scale seed's stays are: check-in 2
 * to 360 days ahead, 1 to 9 nights, 1 to 6 adults with 0 to 2 children. Every
 * one is a 200 (some find no home, as real searches do).
 */
export function searchRoute(count = 120): Route {
  const today = todayUtc();
  const variants: RequestVariant[] = [];
  for (let i = 0; i < count; i++) {
    const checkIn = addDays(today, 2 + ((i * 37) % 359));
    const nights = 1 + ((i * 5) % 9);
    const adults = 1 + (i % 6);
    const children = (i * 7) % 3;
    variants.push({
      path: `/api/search/availability?checkIn=${checkIn}&checkOut=${addDays(checkIn, nights)}&adults=${adults}&children=${children}`,
    });
  }
  return { name: 'availability search', variants };
}

interface Calendar {
  unavailable: string[];
}

/**
 * Quotes of one home for stays it can take: 4 to 8 free nights (longer than
 * any minimum stay of the seed) found in its calendar over the coming year, 1
 * to 6 adults with 0 to 2 children. Each is tried once (a warm-up of sorts)
 * and those the home refuses, e.g. a party too large, are left out.
 */
export async function quoteRoute(origin: string, slug: string, count = 120): Promise<Route> {
  const from = addDays(todayUtc(), 2);
  const to = addDays(from, 360);
  const response = await fetch(`${origin}/api/properties/${slug}/calendar?from=${from}&to=${to}`);
  if (!response.ok) throw new Error(`The calendar of ${slug} answered ${response.status}`);
  const taken = new Set(((await response.json()) as Calendar).unavailable);
  const candidates: RequestVariant[] = [];
  const seen = new Set<string>();
  for (let i = 0; candidates.length < count && i < count * 20; i++) {
    const checkIn = addDays(from, (i * 53) % 350);
    const nights = 4 + (i % 5);
    const adults = 1 + ((i * 3) % 6);
    const children = i % 3;
    const key = `${checkIn}/${nights}/${adults}/${children}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let free = true;
    for (let n = 0; n < nights && free; n++) free = !taken.has(addDays(checkIn, n));
    if (!free) continue;
    candidates.push({
      path: `/api/properties/${slug}/quote`,
      body: JSON.stringify({
        checkin_date: checkIn,
        checkout_date: addDays(checkIn, nights),
        guests: { adults, children },
      }),
    });
  }
  const variants: RequestVariant[] = [];
  for (const candidate of candidates) {
    const answer = await fetch(`${origin}${candidate.path}`, { method: 'POST', headers: json, body: candidate.body });
    await answer.arrayBuffer();
    if (answer.ok) variants.push(candidate);
  }
  if (variants.length < minVariants) {
    throw new Error(`Only ${variants.length} quotes of ${slug} are bookable; the bench needs ${minVariants}`);
  }
  return { name: 'quote', variants };
}

/** A home of the luxury collection: the property page and the quote measure it. */
export async function luxurySlug(origin: string): Promise<string> {
  const listing = (await (await fetch(`${origin}/api/properties/collection/luxury?page=0&size=1`)).json()) as {
    slug: string;
  }[];
  const slug = listing[0]?.slug;
  if (!slug) throw new Error('The bench server has no luxury homes to measure');
  return slug;
}

export async function measureApi(origin: string, options: LoadOptions): Promise<ApiResult[]> {
  const slug = await luxurySlug(origin);
  const routes: Route[] = [
    baselineRoute,
    { name: 'property details', variants: [{ path: `/api/properties/search/${slug}` }] },
    { name: 'collection listing', variants: [{ path: '/api/properties/collection/resort?page=0&size=12' }] },
    await quoteRoute(origin, slug),
    searchRoute(),
  ];
  return measureRoutes(origin, routes, options);
}
