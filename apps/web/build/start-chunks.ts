// The chunks of the app's start (ADR 048). start.tsx runs react-dom, then the
// app (app/boot.ts), each in a step of its own. Left to the bundler, what they
// import is spread over a dozen small chunks by which pages share it: a dozen
// requests, and links for the entry to add, before the page answers a tap.
// This plugin finds, once the module graph is known, everything boot.ts
// imports statically, and `startChunkGroups` puts it into one 'app' chunk;
// React and react-dom get a chunk each. What the entry (main.tsx) imports
// stays out of them, so the entry never pulls the app into its own download.
//
// @sas/domain is imported through its index, which re-exports every module:
// its imports say nothing of what the app uses, so the walk stops there, and
// the few domain modules the app's shell uses are named (`domainModules`). One
// missing from the list only costs a small chunk of its own.
//
// TanStack Query's index re-exports every module of the package, so the walk
// from boot.ts reaches all of them. Only what the start uses (the client, its
// provider and hydration, with what they import) goes into the app chunk; the
// hooks, which only pages use (queries, mutations: 5 kB gzip), are left to the
// bundler, which puts them with those pages. (The whole package left to it
// split the start into more chunks, and Rolldown then exported boot.ts's
// namespace without defining it: the app never started.)
import type { Plugin } from 'vite';

const bootModule = /[\\/]src[\\/]app[\\/]boot\.ts$/;
const domainIndex = /[\\/]packages[\\/]domain[\\/]src[\\/]index\.ts$/;
const domainModules = /[\\/]packages[\\/]domain[\\/]src[\\/](pages|collection-names|constants|site-config)\.ts$/;
const entryModule = /[\\/]src[\\/]main\.tsx$/;
const reactModule = /[\\/]node_modules[\\/]react[\\/]/;
const reactDomModule = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const queryModule = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const startQueryModules =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](QueryClientProvider|queryClient|hydration)\.js$/;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

function staticClosure(graph: ModuleGraph, start: string | undefined): Set<string> {
  const seen = new Set<string>();
  const pending = start === undefined ? [] : [start];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!domainIndex.test(id)) pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The modules of the 'app' chunk, known once the build has its module graph. */
const appModules = new Set<string>();

/** The files of the app's start, known once the bundle is written: see withoutStartFiles. */
const startFiles = new Set<string>();

/** The chunks of the start: the entry's, start.tsx's and the three groups below, with what they import. */
const startChunkNames = new Set(['react', 'react-dom', 'app']);
const startModule = /[\\/]src[\\/]start\.tsx$/;

interface BundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Vite lists, for each lazy import, the files it needs, so they download
 * together (modulepreload.resolveDependencies). Every page has loaded the
 * start's JavaScript before any lazy import can run: listing it again in
 * every page's route table cost the first load 0.3 kB gzip. (Vite adds the
 * CSS a lazy import needs after this filter, start's or not.) Before the
 * bundle is written, or should Vite ask earlier, nothing is left out.
 */
export function withoutStartFiles(deps: string[]): string[] {
  return deps.filter((dep) => !startFiles.has(dep));
}

export function startChunks(): Plugin {
  return {
    name: 'sas-start-chunks',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && isSsrBuild !== true,
    generateBundle(_options, bundle) {
      // Before Vite's own generateBundle (a post plugin), which asks withoutStartFiles.
      startFiles.clear();
      const chunks = Object.values(bundle as Record<string, BundleChunk>).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const pending = chunks.filter(
        (c) => c.isEntry === true || startChunkNames.has(c.name ?? '') || startModule.test(c.facadeModuleId ?? ''),
      );
      while (pending.length > 0) {
        const chunk = pending.pop() as BundleChunk;
        if (startFiles.has(chunk.fileName)) continue;
        startFiles.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) startFiles.add(css);
        for (const file of chunk.imports ?? []) {
          const imported = byFile.get(file);
          if (imported) pending.push(imported);
        }
      }
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = staticClosure(
        this,
        ids.find((id) => entryModule.test(id)),
      );
      appModules.clear();
      const queryStart = new Set(
        ids.filter((id) => startQueryModules.test(id)).flatMap((id) => [...staticClosure(this, id)]),
      );
      const app = [
        ...staticClosure(
          this,
          ids.find((id) => bootModule.test(id)),
        ),
        ...ids.filter((id) => domainModules.test(id)),
      ];
      for (const id of app) {
        const ownChunk =
          reactModule.test(id) || reactDomModule.test(id) || (queryModule.test(id) && !queryStart.has(id));
        if (!entry.has(id) && !domainIndex.test(id) && !ownChunk) {
          appModules.add(id);
        }
      }
    },
  };
}

/** The code-splitting groups of the start: before the site's own, which take what is left. */
export const startChunkGroups = [
  { name: 'react', test: reactModule, priority: 3 },
  { name: 'react-dom', test: reactDomModule, priority: 3 },
  { name: 'app', test: (id: string) => appModules.has(id), priority: 2 },
];
