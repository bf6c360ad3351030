// First-load JavaScript and CSS of each route, from Vite's build manifest:
// the entry chunk, the app's start (which the entry imports once the page has
// painted), the route's lazy chunk and everything they import statically.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appStartModule, chunkClosure, entryKey, readViteManifest, routeModules } from '../src/lib/vite-manifest.js';

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
  for (const { route, module } of routeModules) {
    if (!manifest[module]) throw new Error(`Route module ${module} is not in the build: update lib/vite-manifest.ts`);
    const chunks = chunkClosure(manifest, [entry, appStartModule, module]);
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
