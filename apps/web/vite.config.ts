import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// The API server (apps/server) listens here in development and serves /media too.
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
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
    // Read by `npm run bench` to size each route's first-load JavaScript and CSS.
    manifest: true,
    rolldownOptions: {
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
