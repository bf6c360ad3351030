// One copy of the demo photos per version of their drawing, shared by every
// server started from this checkout's tools: the browser journeys' server and
// the bench's (ADR 033). The photos are a pure function of the drawing code
// (this package), the photo sizes (@sas/domain media.ts) and sharp, and
// rendering them takes about a minute on two cores: so they are kept in the
// temp directory under a hash of those, and rendered again only when one
// changes (older copies are removed). ensureMedia writes each file under a
// temporary name and renames it, so an interrupted run leaves no half-written
// photo behind.
import { createHash } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const cachePrefix = 'sas-demo-media-';

/** The directory holding (or about to hold) the photos of today's drawing code. */
export async function sharedMediaDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256');
  const drawingDir = import.meta.dirname;
  const sources = (await readdir(drawingDir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
  for (const file of sources) hash.update(file).update(await readFile(join(drawingDir, file)));
  hash.update(await readFile(join(drawingDir, '../../domain/src/media.ts')));
  // sharp's package.json is not among its exports: it sits above its entry (lib/index.js).
  hash.update(await readFile(join(dirname(require.resolve('sharp')), '..', 'package.json')));
  const name = `${cachePrefix}${hash.digest('hex').slice(0, 16)}`;
  for (const entry of await readdir(tmpdir())) {
    if (entry.startsWith(cachePrefix) && entry !== name) await rm(join(tmpdir(), entry), { recursive: true, force: true });
  }
  return join(tmpdir(), name);
}
