// Reads Vite's build manifest (apps/web/dist/.vite/manifest.json) to know which
// files a page needs on first load. The server uses it to announce a route's
// code in the HTML (so the browser fetches it alongside the entry instead of
// after it), and `npm run bench` to size each route's first download.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The lazy route module of each page path, as in apps/web/src/app/router.tsx.
 * A path missing here only loses its preload hints; the page still works.
 */
export interface RouteModuleEntry {
  route: string;
  module: string;
  matches: (path: string) => boolean;
  /** Rendered on the server with its data (ADR 020); the others are sent as the shell. */
  rendered?: boolean;
  /** Lazily loaded parts the page renders for this query, whose code and styles it needs at once. */
  lazyParts?: (query: URLSearchParams) => string[];
}

export const routeModules: readonly RouteModuleEntry[] = [
  { route: '/', module: 'src/app/routes/home.tsx', matches: (p) => p === '/', rendered: true },
  {
    route: '/collections',
    module: 'src/app/routes/collections.tsx',
    matches: (p) => p === '/collections',
    rendered: true,
  },
  {
    route: '/collections/properties',
    module: 'src/app/routes/collection-properties.tsx',
    matches: (p) => p === '/collections/properties',
    rendered: true,
  },
  {
    route: '/property/:idOrSlug',
    module: 'src/app/routes/property.tsx',
    matches: (p) => p.startsWith('/property/'),
    rendered: true,
  },
  {
    route: '/search',
    module: 'src/app/routes/search.tsx',
    matches: (p) => p === '/search' || p === '/search/results',
    rendered: true,
    // As apps/web/src/app/routes/search.tsx picks its page: results for a stay ship with the route.
    lazyParts: (query) => {
      if (query.has('checkin') && query.has('checkout') && query.has('adults')) return [];
      return query.get('category') === 'all'
        ? ['src/features/collections/components/all-listings.tsx']
        : ['src/app/routes/search-without-stay.tsx'];
    },
  },
  {
    route: '/about-us',
    module: 'src/app/routes/about.tsx',
    matches: (p) => p === '/about-us' || p === '/about',
    rendered: true,
  },
  { route: '/concierge', module: 'src/app/routes/concierge.tsx', matches: (p) => p === '/concierge', rendered: true },
  {
    route: '/management',
    module: 'src/app/routes/management.tsx',
    matches: (p) => p === '/management',
    rendered: true,
  },
  { route: '/policies', module: 'src/app/routes/policies.tsx', matches: (p) => p === '/policies', rendered: true },
  {
    route: '/rental-agreement',
    module: 'src/app/routes/rental-agreement.tsx',
    matches: (p) => p === '/rental-agreement',
    rendered: true,
  },
  ...[
    'login',
    'signup',
    'forgot-password',
    'reset-password',
    'password-reset-success',
    'oauth-redirect',
    'dashboard',
    'accept-invite',
  ].map((page) => ({
    route: `/${page}`,
    module: `src/app/routes/${page}.tsx`,
    matches: (p: string) => p === `/${page}`,
  })),
  { route: '/account/security', module: 'src/app/routes/security.tsx', matches: (p) => p === '/account/security' },
];

export async function readViteManifest(webDist: string): Promise<ViteManifest | null> {
  try {
    return JSON.parse(await readFile(join(webDist, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/** Whether the page at `path` is rendered on the server (public pages) rather than sent as the shell. */
export function isRenderedPage(path: string): boolean {
  return routeModules.find((r) => r.matches(path))?.rendered === true;
}

/**
 * The app's start, which the entry imports dynamically (ADR 029): part of
 * every page's first load, fetched after the first paint on a server-rendered page.
 */
export const appStartModule = 'src/start.tsx';

export function entryKey(manifest: ViteManifest): string | undefined {
  return Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
}

/** The chunks of `keys` and everything they import statically, each once. */
export function chunkClosure(manifest: ViteManifest, keys: readonly string[]): ManifestChunk[] {
  const seen = new Set<string>();
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunks.push(chunk);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return chunks;
}

/**
 * JavaScript and CSS files the page at `path` loads on top of the entry
 * (whose own files index.html already references), or empty lists.
 */
export function routeFiles(
  manifest: ViteManifest,
  path: string,
  query: URLSearchParams = new URLSearchParams(),
): { js: string[]; css: string[] } {
  const route = routeModules.find((r) => r.matches(path));
  const entry = entryKey(manifest);
  if (!route || !entry || !manifest[route.module]) return { js: [], css: [] };
  const inEntry = new Set(chunkClosure(manifest, [entry]));
  const modules = [appStartModule, route.module, ...(route.lazyParts?.(query) ?? [])];
  const extra = chunkClosure(manifest, modules).filter((chunk) => !inEntry.has(chunk));
  return { js: extra.map((c) => c.file), css: [...new Set(extra.flatMap((c) => c.css ?? []))] };
}
