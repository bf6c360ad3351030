// Reads Vite's build manifest (apps/web/dist/.vite/manifest.json) to know which
// files a page needs on first load. The server uses it to announce a route's
// code in the HTML (so the browser fetches it alongside the entry instead of
// after it), and `npm run bench` to size each route's first download.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findPageRoute, isPrivateRouteModule, notFoundPageRoute, type SitePageRoute } from '@sas/domain';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The list of the private pages' route modules (apps/web/src/app/private-routes.ts), as the manifest names it. */
export const privateRoutesModule = 'src/app/private-routes.ts';

/** A page's route module in the build's manifest (apps/web/src/app/routes/{module}.tsx). */
export function routeModuleKey(page: Pick<SitePageRoute, 'module'>): string {
  return `src/app/routes/${page.module}.tsx`;
}

export async function readViteManifest(webDist: string): Promise<ViteManifest | null> {
  try {
    return JSON.parse(await readFile(join(webDist, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/** Whether the page at `path` is rendered on the server (public pages, and the not-found page) rather than sent as the shell. */
export function isRenderedPage(path: string): boolean {
  return (findPageRoute(path) ?? notFoundPageRoute).rendered === true;
}

/**
 * The app's start, which the entry imports dynamically (ADR 029): part of
 * every page's first load, fetched after the main photos on a server-rendered page.
 */
export const appStartModule = 'src/start.tsx';

/**
 * The app's start and what it imports, statically or, step by step, dynamically
 * (react-dom, then the app: ADR 048): every page loads all of them first.
 */
export function appStartKeys(manifest: ViteManifest): string[] {
  return [appStartModule, ...(manifest[appStartModule]?.dynamicImports ?? [])];
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
export function routeFiles(
  manifest: ViteManifest,
  path: string,
  query: URLSearchParams = new URLSearchParams(),
): { js: string[]; css: string[] } {
  const page = findPageRoute(path) ?? notFoundPageRoute;
  const entry = entryKey(manifest);
  const module = routeModuleKey(page);
  if (!entry || !manifest[module]) return { js: [], css: [] };
  const inEntry = new Set(chunkClosure(manifest, [entry]));
  const lazyParts = (page.lazyParts?.(query) ?? []).map((part) => `src/${part}`);
  // A console page or one behind sign-in: the router looks its module up in the private list first.
  const privateList = isPrivateRouteModule(page.module) ? [privateRoutesModule] : [];
  const modules = [...appStartKeys(manifest), ...privateList, module, ...lazyParts];
  const extra = chunkClosure(manifest, modules).filter((chunk) => !inEntry.has(chunk));
  return { js: extra.map((c) => c.file), css: [...new Set(extra.flatMap((c) => c.css ?? []))] };
}
