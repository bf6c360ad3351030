import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './build/chunk-modules';
import { precompress } from './build/precompress';
import { reactRouterTreeshake } from './build/react-router-treeshake';
import { startChunkGroups, startChunks, withoutStartFiles } from './build/start-chunks';

// The API server (apps/server) listens here in development and serves /media too.
const apiOrigin = 'http://localhost:3000';

/** The given modules of @sas/domain and of this app's src, by path without extension. */
function modules(domain: string[], web: string[]): RegExp {
  const paths = [...domain.map((name) => `packages/domain/src/${name}`), ...web.map((name) => `apps/web/src/${name}`)];
  return new RegExp(`/(${paths.join('|')})\\.tsx?$`);
}

export default defineConfig({
  plugins: [react(), reactRouterTreeshake(), startChunks(), chunkModules(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The server-rendering bundle (entry-server.tsx, ADR 020): the workspace's
  // TypeScript packages are bundled in, node_modules are imported at run time.
  ssr: { noExternal: ['@sas/domain'] },
  optimizeDeps: {
    // Only reached through lazy imports: prebundled at start-up, or the dev server
    // discovers them on first use and reloads the page (e.g. while the menu opens).
    include: ['@radix-ui/react-dialog', '@radix-ui/react-tabs', 'embla-carousel-react'],
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/media': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the site supports preloads modules itself (Safari 17,
    // Firefox 115): the polyfill would only add to every page's first load.
    // A lazy import's list of files leaves out the start's, which every page has already.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => withoutStartFiles(deps) },
    // Read by `npm run bench` to size each route's first-load JavaScript and CSS.
    manifest: true,
    rolldownOptions: {
      output: {
        // Left alone, each small module the landing pages share becomes a chunk
        // of 1-2 kB, and a phone on HTTP/1.1 opens at most 6 connections to a
        // host: the search page needed 26 requests before its first paint. Two
        // hand-picked groups cut that to 17 (home 16 to 11). 'common' holds only
        // what the home page loads anyway, so its JavaScript budget is untouched;
        // 'listing' what the pages showing homes share. Only the listed modules
        // move (includeDependenciesRecursively: false): their imports would drag
        // zod or the app shell along. ADR 016.
        //
        // The app's start is three chunks of its own: React, react-dom and the
        // app (build/start-chunks.ts, ADR 048).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            ...startChunkGroups,
            {
              name: 'common',
              test: modules(
                ['dates', 'errors'],
                [
                  'components/lazy-section',
                  'hooks/use-in-view',
                  'hooks/use-document-title',
                  'utils/motion',
                  'lib/search-locations',
                ],
              ),
            },
            {
              name: 'listing',
              test: modules(
                ['display', 'media', 'money', 'reviews', 'text'],
                ['components/responsive-photo', 'lib/response-shape'],
              ),
            },
          ],
        },
      },
      treeshake: {
        // @sas/domain is pure (DESIGN.md: "no I/O") but does not declare it, and it
        // builds zod schemas at module level. Without these two hints every page
        // would download the zod runtime (about 24 kB gzip) just to read a constant
        // or a date helper. `z` is only ever zod's namespace here; nothing else in
        // the bundle calls a function of that name.
        moduleSideEffects: [{ test: /packages\/domain\/src\//, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
});
