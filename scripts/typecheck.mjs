// `npm run typecheck`: every TypeScript project of the repository, checked by
// TypeScript 7's native compiler (ADR 049). It checks what TypeScript 6's tsc
// checked, in a quarter of the CPU time and on every core; typescript 6 stays
// installed only because typescript-eslint's type-aware rules need its
// JavaScript API. A project that fails prints its errors; the others still run.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');

/** Every tsconfig.json that names files to check, by its folder. */
const projects = [
  '.',
  'packages/domain',
  'packages/db',
  'packages/demo-media',
  'apps/server',
  'apps/server/bench/blank',
  'apps/web',
  'e2e',
];

let failed = 0;
for (const project of projects) {
  const started = performance.now();
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(repoRoot, project)], {
    stdio: 'inherit',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`${status === 0 ? 'ok    ' : 'FAILED'} ${project} (${seconds} s)`);
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
