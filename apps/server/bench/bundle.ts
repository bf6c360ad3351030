// First-load JavaScript and CSS of each route, from Vite's build manifest:
// the entry chunk, the route's lazy chunk and everything they import statically.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleResult {
  route: string;
  jsGzipKb: number;
  cssGzipKb: number;
}

/** Route path -> its lazy module, as in apps/web/src/app/router.tsx. */
const routeModules: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  '/collections': 'src/app/routes/collections.tsx',
  '/collections/properties': 'src/app/routes/collection-properties.tsx',
  '/property/:idOrSlug': 'src/app/routes/property.tsx',
};

function closure(manifest: Manifest, keys: string[]): Set<ManifestChunk> {
  const seen = new Set<string>();
  const chunks = new Set<ManifestChunk>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunks.add(chunk);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return chunks;
}

async function gzipKb(dist: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of new Set(files)) bytes += gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

export async function measureBundles(dist: string): Promise<BundleResult[]> {
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('No entry chunk in the Vite manifest: run `npm run build`');
  const results: BundleResult[] = [];
  for (const [route, module] of Object.entries(routeModules)) {
    if (!manifest[module]) throw new Error(`Route module ${module} is not in the build: update bench/bundle.ts`);
    const chunks = [...closure(manifest, [entry, module])];
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
