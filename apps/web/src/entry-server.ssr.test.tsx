// Every page the server renders (the list of pages, ADR 038), rendered as the
// API server renders it: in Node, with no DOM, with every optional setting on
// (the third-party search widget, the chat script, the office map) and off,
// and on a server clock far from the guests' (issue 24). A render that reads
// a browser-only global, or logs an error, fails here.
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, allPageRoutes, collectionNames, pathMatches, type SiteConfig } from '@sas/domain';
import { createCalendar, createQuote } from '@/testing/booking-data';
import { createPropertyCard, createPropertyDetails } from '@/testing/data-generators';

const home = createPropertyDetails({ slug: 'alpine-retreat-ssr' });
const checkIn = addDays(new Date().toISOString().slice(0, 10), 40);
const checkOut = addDays(checkIn, 4);
const stay = `checkin=${checkIn}&checkout=${checkOut}&adults=2`;

/** An address of each page the server renders, with what the guest came for in its query. */
const addresses = [
  '/',
  '/collections',
  '/collections/properties?collection=luxury',
  `/property/${home.slug}?${stay}`,
  `/search?${stay}`,
  '/search',
  '/search/results?category=all',
  '/about-us',
  '/concierge',
  '/management',
  '/policies',
  '/rental-agreement',
  '/no-such-page',
];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The API as the pages ask for it, answered from fixtures. */
const serverFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const path = url.pathname.replace(/^\/api/, '');
  const method = init?.method ?? 'GET';
  if (path.startsWith('/properties/collection/')) return Promise.resolve(json([createPropertyCard()]));
  if (path === `/properties/search/${home.slug}`) return Promise.resolve(json(home));
  if (path.endsWith('/calendar')) return Promise.resolve(json(createCalendar({ today: checkIn })));
  if (method === 'POST' && path.endsWith('/quote')) return Promise.resolve(json(createQuote()));
  if (path === '/search/availability') return Promise.resolve(json([]));
  if (path.endsWith('/nearby-places')) return Promise.resolve(json([]));
  return Promise.resolve(json({ message: 'Not found' }, 404));
};

async function renderToString(url: string): Promise<string> {
  const { renderPage, setServerTransport } = await import('./entry-server');
  setServerTransport(serverFetch, 'http://in-process');
  const page = await renderPage(new Request(`http://localhost${url}`));
  expect(page, url).not.toBeNull();
  let html = '';
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', resolve).on('error', reject);
    page?.pipe(sink);
  });
  return html;
}

const settings: { name: string; env: Record<string, string>; site: SiteConfig }[] = [
  { name: 'nothing configured', env: {}, site: {} },
  {
    name: 'every optional setting on',
    env: {
      VITE_SEARCH_WIDGET_SCRIPT: 'https://widgets.example/search.js',
      VITE_SEARCH_WIDGET_ELEMENT: 'sas-search-widget',
    },
    site: {
      chatScriptUrl: 'https://chat.example/loader.js',
      mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-106.05,39.47,-106.03,39.49',
    },
  },
];

const serverTimeZone = process.env.TZ;
afterAll(() => {
  if (serverTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverTimeZone;
});

describe.each(settings)('server rendering with $name', ({ env, site }) => {
  let errors: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.resetModules();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    (globalThis as Record<string, unknown>).__sasSiteConfig = site;
    // A server far ahead of the homes' time zones: already tomorrow for every guest.
    process.env.TZ = 'Pacific/Kiritimati';
    errors = vi.spyOn(console, 'error');
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    delete (globalThis as Record<string, unknown>).__sasSiteConfig;
    vi.restoreAllMocks();
  });

  it('covers every page the server renders', () => {
    for (const page of allPageRoutes().filter((p) => p.rendered)) {
      const covered = addresses.some((address) => pathMatches(page.path, address.split('?', 1)[0] ?? address));
      expect(covered, page.path).toBe(true);
    }
    expect(collectionNames).toContain('luxury');
  });

  it.each(addresses)('renders %s without a browser and without an error', async (url) => {
    const html = await renderToString(url);
    expect(html, url).toMatch(/<h1[\s>]/);
    expect(errors, url).not.toHaveBeenCalled();
  });

  it('leaves a home’s data out of its HTML for the browser to ask for; a collection carries its own (ADR 048)', async () => {
    const { renderPage, setServerTransport } = await import('./entry-server');
    setServerTransport(serverFetch, 'http://in-process');
    const dataOf = async (url: string): Promise<unknown> => {
      const script = (await renderPage(new Request(`http://localhost${url}`)))?.dataScript ?? '';
      return JSON.parse(/^<script[^>]*>(.*)<\/script>$/s.exec(script)?.[1] ?? 'null');
    };
    const homeData = (await dataOf(`/property/${home.slug}?${stay}`)) as { queries: unknown; prefetch?: string[] };
    expect(homeData.queries).toEqual({ mutations: [], queries: [] });
    // Which queries it was drawn with: the home, its taken nights and the stay's price.
    expect(homeData.prefetch?.map((hash) => (JSON.parse(hash) as unknown[])[0])).toEqual([
      'property',
      'property-calendar',
      'quote',
    ]);
    const collection = (await dataOf('/collections/properties?collection=luxury')) as {
      prefetch?: true;
      queries: { queries: unknown[] };
    };
    expect(collection.prefetch).toBeUndefined();
    expect(collection.queries.queries).not.toHaveLength(0);
  });

  it('offers no check-in date from the server’s clock: the guest’s browser sets the earliest', async () => {
    const html = await renderToString('/');
    if (env.VITE_SEARCH_WIDGET_ELEMENT) {
      expect(html).toContain('Loading search...');
    } else {
      const checkInField = /<input[^>]*id="search-check-in"[^>]*>/.exec(html)?.[0];
      expect(checkInField).toBeDefined();
      expect(checkInField).not.toContain('min=');
      expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
    }
  });

  it('sends a home’s Reserve as a working form: a tap before the page’s code runs reserves (issue 25)', async () => {
    const html = await renderToString(`/property/${home.slug}?${stay}`);
    const form = /<form[^>]*action="\/reservation"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[0]).toMatch(/method="get"/);
    const fields = [...(form?.[1] ?? '').matchAll(/<input type="hidden" name="([a-z]+)" value="([^"]*)"/g)];
    expect(fields.map(([, name, value]) => `${name}=${value}`).join('&')).toBe(`home=${home.slug}&${stay}`);
    const button = /<button[^>]*type="submit"[^>]*>Reserve<\/button>/.exec(form?.[1] ?? '')?.[0];
    expect(button).toBeDefined();
    expect(button).not.toContain('disabled');
  });

  it('sends a home’s calendar with its free days as working forms: a date tapped before the page’s code runs is chosen (issue 25)', async () => {
    const html = await renderToString(`/property/${home.slug}?adults=3`);
    expect(html).not.toContain('Loading the booking calendar');
    // The first free day (the calendar's today) submits the form that makes it the check-in, the guests kept.
    const day = new RegExp(`<button[^>]*value="${checkIn}"[^>]*>`).exec(html)?.[0];
    expect(day).toMatch(/name="checkin"/);
    expect(day).toMatch(/type="submit"/);
    expect(day).not.toContain('disabled');
    const formId = /form="([^"]+)"/.exec(day ?? '')?.[1] ?? '';
    const form = new RegExp(`<form id="${formId}"[^>]*>([\\s\\S]*?)</form>`).exec(html);
    expect(form?.[0]).toMatch(/method="get"/);
    expect(form?.[0]).toContain(`action="/property/${home.slug}#booking"`);
    expect(form?.[1]).toBe('<input type="hidden" name="adults" value="3"/>');
  });
});
