// A Vite plugin that writes which source modules went into each emitted
// chunk, as dist/.vite/chunk-modules.json ({ "assets/home-x.js": ["src/…"] }).
// Vite's manifest lists the chunks and what they import, not what they are
// made of; `npm run check:bundle` needs both to prove that no public page
// loads console code (check-bundle.ts, ADR 025).
import { isAbsolute, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

export const chunkModulesFile = '.vite/chunk-modules.json';

/** File name of a chunk, to the source modules in it, relative to the app's root with / separators. */
export type ChunkModules = Record<string, string[]>;

/** A module id as a path under the app's root: without a virtual-module prefix or a query. */
function sourcePath(root: string, id: string): string {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
  return isAbsolute(path) ? relative(root, path).split(sep).join('/') : path;
}

export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'sas-chunk-modules',
    // Browser builds only: the check is about what browsers download.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && isSsrBuild !== true,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk')
          chunks[output.fileName] = output.moduleIds.map((id) => sourcePath(root, id)).sort();
      }
      this.emitFile({ type: 'asset', fileName: chunkModulesFile, source: `${JSON.stringify(chunks, null, 2)}\n` });
    },
  };
}
