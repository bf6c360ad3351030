// Compiles the server for production (ADR 039): one ES module bundle of
// src/server.ts with the workspace packages (@sas/*, TypeScript sources) built
// in and every npm dependency left to Node's own resolution at run time, so
// `npm start` runs plain JavaScript and loads no TypeScript compiler. The two
// commands (`users`, `seed`) are built beside it, each a bundle of its own:
// the browser journeys call them against the server they run (ADR 033), where
// starting tsx for each account cost seconds of compiling every time.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// dist/ by default; the tests that run the commands as child processes build
// into a directory of their own (src/test/compiled.ts).
const outdir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));

/** Bare imports stay imports, except our own workspace packages, which are TypeScript. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sas/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', users: 'src/cli/users.ts', seed: 'src/cli/seed.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: true,
  // Stack traces in the logs name the TypeScript files and lines.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [externalDependencies],
});
console.info(`Built the server into ${outdir} in ${Math.round(performance.now() - started)} ms`);
