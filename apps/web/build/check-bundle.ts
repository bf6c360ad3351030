// `npm run check:bundle -w @sas/web`, after `npm run build`: fails when a
// chunk that a public page loads up front contains console code (ADR 025).
// Lint keeps public files from importing the console by name. This check
// looks at what the bundler actually put together: a shared chunk, a chunk
// group (vite.config.ts) or a re-export can still pull a console module into
// a page's download. Starting points are the entry and every public route
// module (src/app/routes/*.tsx and routes/account, not routes/admin). From there it follows the
// static imports in Vite's manifest, the chunks a page loads before it draws.
// Dynamic imports are left out: they load only when used, and the router
// reaches the console that way. Each chunk's modules come from
// chunk-modules.json (build/chunk-modules.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkModulesFile, type ChunkModules } from './chunk-modules';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const consoleModule = /^src\/(features\/console|app\/routes\/admin)\//;

interface Finding {
  /** The entry or route module whose first load includes the chunk. */
  start: string;
  chunk: string;
  modules: string[];
}

/** Chunk files a start loads up front: its own chunk and, through static imports, all they import. */
function staticClosure(manifest: Manifest, byFile: Map<string, string>, startFile: string): string[] {
  const seen = new Set<string>();
  const pending = [startFile];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const key = byFile.get(file);
    for (const imported of (key === undefined ? undefined : manifest[key])?.imports ?? []) {
      const next = manifest[imported]?.file;
      if (next !== undefined) pending.push(next);
    }
  }
  return [...seen];
}

/**
 * The console modules in the up-front chunks of the entry and of each public
 * route module (source paths such as "src/app/routes/home.tsx"). A route
 * module that no chunk contains is an error: the check would not see it.
 */
function findConsoleInPublicChunks(
  manifest: Manifest,
  chunks: ChunkModules,
  publicRoutes: readonly string[],
): Finding[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (entry === undefined) throw new Error('The manifest has no entry chunk.');
  const starts: [string, string][] = [[entry[0], entry[1].file]];
  for (const route of publicRoutes) {
    const chunk = Object.keys(chunks).find((file) => chunks[file]?.includes(route));
    if (chunk === undefined) throw new Error(`No chunk contains ${route}: is it still a page of the router?`);
    starts.push([route, chunk]);
  }
  const findings: Finding[] = [];
  for (const [start, file] of starts) {
    for (const chunk of staticClosure(manifest, byFile, file)) {
      const modules = (chunks[chunk] ?? []).filter((module) => consoleModule.test(module));
      if (modules.length > 0) findings.push({ start, chunk, modules });
    }
  }
  return findings;
}

async function main(): Promise<void> {
  const root = join(import.meta.dirname, '..');
  const dist = join(root, 'dist');
  const read = async <T>(file: string): Promise<T> => {
    try {
      return JSON.parse(await readFile(join(dist, file), 'utf8')) as T;
    } catch (error) {
      throw new Error(`Cannot read dist/${file}: run \`npm run build -w @sas/web\` first.`, { cause: error });
    }
  };
  const manifest = await read<Manifest>('.vite/manifest.json');
  const chunks = await read<ChunkModules>(chunkModulesFile);
  // The public routes and those behind sign-in (routes/account): none is the console's.
  const routes = (
    await Promise.all(
      ['src/app/routes', 'src/app/routes/account'].map(async (folder) =>
        (await readdir(join(root, folder), { withFileTypes: true }))
          .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
          .map((entry) => `${folder}/${entry.name}`),
      ),
    )
  )
    .flat()
    .sort();

  const findings = findConsoleInPublicChunks(manifest, chunks, routes);
  if (findings.length === 0) {
    console.info(
      `check:bundle: no console code in the up-front chunks of the entry and ${routes.length} public routes.`,
    );
    return;
  }
  console.error('check:bundle: console code in chunks that public pages load up front (ADR 025):');
  for (const { start, chunk, modules } of findings) {
    console.error(`  ${start} loads ${chunk}, which contains:`);
    for (const module of modules) console.error(`    ${module}`);
  }
  process.exitCode = 1;
}

await main();
