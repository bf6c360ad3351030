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
export const routeModules: readonly { route: string; module: string; matches: (path: string) => boolean }[] = [
  { route: '/', module: 'src/app/routes/home.tsx', matches: (p) => p === '/' },
  { route: '/collections', module: 'src/app/routes/collections.tsx', matches: (p) => p === '/collections' },
  {
    route: '/collections/properties',
    module: 'src/app/routes/collection-properties.tsx',
    matches: (p) => p === '/collections/properties',
  },
  { route: '/property/:idOrSlug', module: 'src/app/routes/property.tsx', matches: (p) => p.startsWith('/property/') },
  { route: '/search', module: 'src/app/routes/search.tsx', matches: (p) => p === '/search' || p === '/search/results' },
  { route: '/about-us', module: 'src/app/routes/about.tsx', matches: (p) => p === '/about-us' || p === '/about' },
  { route: '/concierge', module: 'src/app/routes/concierge.tsx', matches: (p) => p === '/concierge' },
  { route: '/management', module: 'src/app/routes/management.tsx', matches: (p) => p === '/management' },
  { route: '/policies', module: 'src/app/routes/policies.tsx', matches: (p) => p === '/policies' },
  ...[
    'login',
    'signup',
    'forgot-password',
    'reset-password',
    'password-reset-success',
    'oauth-redirect',
    'dashboard',
  ].map((page) => ({
    route: `/${page}`,
    module: `src/app/routes/${page}.tsx`,
    matches: (p: string) => p === `/${page}`,
  })),
];

export async function readViteManifest(webDist: string): Promise<ViteManifest | null> {
  try {
    return JSON.parse(await readFile(join(webDist, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

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
export function routeFiles(manifest: ViteManifest, path: string): { js: string[]; css: string[] } {
  const route = routeModules.find((r) => r.matches(path));
  const entry = entryKey(manifest);
  if (!route || !entry || !manifest[route.module]) return { js: [], css: [] };
  const inEntry = new Set(chunkClosure(manifest, [entry]));
  const extra = chunkClosure(manifest, [route.module]).filter((chunk) => !inEntry.has(chunk));
  return { js: extra.map((c) => c.file), css: [...new Set(extra.flatMap((c) => c.css ?? []))] };
}
