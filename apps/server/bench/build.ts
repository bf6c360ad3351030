// The build the bench measures, the web app and the compiled server (ADR 039):
// built first (`npm run build`) or, with `--no-build`, the existing one when no
// source file is newer than it. The bench then runs a snapshot of it, so a
// rebuild while the bench runs (the browser tests, another terminal) cannot
// change or empty the files under a measurement, and the blank page is added
// to the snapshot only.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** The newest file among `paths` (relative to the repository), directories searched whole. */
async function newestSource(repoRoot: string, paths: readonly string[]): Promise<{ file: string; mtimeMs: number }> {
  let newest = { file: '', mtimeMs: 0 };
  const consider = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => null);
    if (!info) return;
    if (info.isDirectory()) {
      for (const entry of await readdir(path)) if (entry !== 'node_modules') await consider(join(path, entry));
    } else if (info.mtimeMs > newest.mtimeMs) {
      newest = { file: path, mtimeMs: info.mtimeMs };
    }
  };
  for (const path of paths) await consider(join(repoRoot, path));
  return newest;
}

/** Each build output and what it is made from. */
const builds = [
  {
    output: 'apps/web/dist/.vite/manifest.json',
    dir: 'apps/web/dist',
    sources: [
      'apps/web/src',
      'apps/web/build',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/domain/src',
    ],
  },
  {
    output: 'apps/server/dist/server.js',
    dir: 'apps/server/dist',
    sources: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'packages'],
  },
] as const;

/** `--no-build`: refuses a missing build, or one older than a source file. */
export async function checkBuildIsFresh(repoRoot: string): Promise<void> {
  for (const { output, dir, sources } of builds) {
    const built = await stat(join(repoRoot, output)).catch(() => null);
    if (!built) {
      throw new Error(`--no-build: there is no build in ${dir}; run \`npm run build\` or leave out --no-build`);
    }
    const newest = await newestSource(repoRoot, sources);
    if (newest.mtimeMs > built.mtimeMs) {
      throw new Error(
        `--no-build: ${relative(repoRoot, newest.file)} changed after the build in ${dir}; build again or leave out --no-build`,
      );
    }
  }
  console.info('Measuring the existing builds in apps/web/dist and apps/server/dist (--no-build)');
}

export function buildWeb(repoRoot: string): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

const snapshotPrefix = 'sas-bench-web-';

export interface BuildSnapshot {
  /** The copy of apps/web/dist: WEB_DIST of the bench's servers. */
  webDist: string;
  /** The copy of the compiled server's entry (apps/server/dist/server.js), which the bench runs. */
  serverEntry: string;
  remove(): Promise<void>;
}

/**
 * Copies apps/web/dist and, when built, its server-rendering bundle
 * (dist-server beside it, where the server looks) into a directory of the
 * repository's node_modules/.cache: inside the repository, so the bundle's
 * imports resolve from the repository's node_modules as they do from apps/web.
 */
export async function snapshotBuild(repoRoot: string): Promise<BuildSnapshot> {
  const cache = join(repoRoot, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  // Copies a killed bench left behind; a day old, so never one a running bench uses.
  for (const entry of await readdir(cache)) {
    const path = join(cache, entry);
    const info = entry.startsWith(snapshotPrefix) ? await stat(path).catch(() => null) : null;
    if (info && info.mtimeMs < Date.now() - 24 * 60 * 60 * 1000) await rm(path, { recursive: true, force: true });
  }
  const dir = await mkdtemp(join(cache, snapshotPrefix));
  try {
    for (const name of ['dist', 'dist-server']) {
      const from = join(repoRoot, 'apps/web', name);
      if (await stat(from).catch(() => null)) await cp(from, join(dir, name), { recursive: true });
    }
    await cp(join(repoRoot, 'apps/server/dist'), join(dir, 'server'), { recursive: true });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    webDist: join(dir, 'dist'),
    serverEntry: join(dir, 'server', 'server.js'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
