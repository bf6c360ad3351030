// First-load JavaScript and CSS of each route, from Vite's build manifest:
// the entry chunk, the app's start with what it imports step by step (which
// the entry imports once the page has painted), the route's lazy chunk and
// everything they import statically.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { allPageRoutes } from '@sas/domain';
import { appStartKeys, chunkClosure, entryKey, readViteManifest, routeModuleKey } from '../src/lib/vite-manifest.js';

export interface BundleResult {
  route: string;
  jsGzipKb: number;
  cssGzipKb: number;
}

async function gzipKb(dist: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of new Set(files)) bytes += gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

export async function measureBundles(dist: string): Promise<BundleResult[]> {
  const manifest = await readViteManifest(dist);
  const entry = manifest && entryKey(manifest);
  if (!manifest || !entry) throw new Error('No Vite manifest with an entry chunk: run `npm run build`');
  const results: BundleResult[] = [];
  // Every page a guest may land on; the console's size is not a guest's wait.
  for (const page of allPageRoutes().filter((p) => !p.path.startsWith('/admin'))) {
    const route = page.path;
    const module = routeModuleKey(page);
    if (!manifest[module])
      throw new Error(`Route module ${module} is not in the build: is the page list (@sas/domain pages.ts) right?`);
    const chunks = chunkClosure(manifest, [entry, ...appStartKeys(manifest), module]);
    results.push({
      route,
      jsGzipKb: await gzipKb(
        dist,
        chunks.map((c) => c.file),
      ),
      cssGzipKb: await gzipKb(
        dist,
        chunks.flatMap((c) => c.css ?? []),
      ),
    });
  }
  return results;
}
