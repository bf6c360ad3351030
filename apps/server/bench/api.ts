// API throughput: every route is run for the same time and connections as the
// baseline route of the same server, so the ratio survives a noisy machine.
import autocannon from 'autocannon';

export interface ApiResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratioToBaseline: number;
}

interface Options {
  seconds: number;
  connections: number;
}

/** A route to measure; GET unless it says otherwise. */
interface Route {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  /** JSON text sent with every request. */
  body?: string;
}

async function run(url: string, { seconds, connections }: Options, route: Pick<Route, 'method' | 'body'> = {}) {
  const result = await autocannon({
    url,
    duration: seconds,
    connections,
    pipelining: 1,
    method: route.method ?? 'GET',
    ...(route.body === undefined ? {} : { body: route.body, headers: { 'content-type': 'application/json' } }),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function measureApi(origin: string, options: Options): Promise<ApiResult[]> {
  const listing = (await (await fetch(`${origin}/api/properties/collection/luxury?page=0&size=1`)).json()) as {
    slug: string;
  }[];
  const slug = listing[0]?.slug;
  if (!slug) throw new Error('The bench server has no luxury homes to measure');

  // Four mid-October nights next year: outside every seeded season and at
  // least any home's own minimum stay, so every request is a 200.
  const year = new Date().getUTCFullYear() + 1;
  const [checkIn, checkOut] = [`${year}-10-12`, `${year}-10-16`];

  const routes: Route[] = [
    // robots.txt is fixed text held in memory: the cost of the server itself.
    { name: 'baseline', path: '/robots.txt' },
    { name: 'property details', path: `/api/properties/search/${slug}` },
    { name: 'collection listing', path: '/api/properties/collection/resort?page=0&size=12' },
    {
      name: 'quote',
      path: `/api/properties/${slug}/quote`,
      method: 'POST',
      body: JSON.stringify({ checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2, children: 1 } }),
    },
    { name: 'availability search', path: `/api/search/availability?checkIn=${checkIn}&checkOut=${checkOut}&adults=2` },
  ];
  const measured = [];
  for (const route of routes) {
    // A short warm-up so JIT and caches do not count against the first route.
    await run(`${origin}${route.path}`, { seconds: 1, connections: options.connections }, route);
    measured.push({ name: route.name, path: route.path, ...(await run(`${origin}${route.path}`, options, route)) });
  }
  const baseline = measured[0]?.requestsPerSecond ?? 1;
  return measured.map((m) => ({ ...m, ratioToBaseline: Math.round((m.requestsPerSecond / baseline) * 100) / 100 }));
}
