// Component tests run in jsdom with the app's own Vite config (alias, React plugin).
// Each file in a worker of its own: sharing one jsdom per worker made the run
// three times faster but left two files failing now and then in the full run,
// where they met another file's leftovers (ADR 033).
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Rendered in Node, without a DOM: vitest.ssr.config.ts.
      exclude: ['src/**/*.ssr.test.{ts,tsx}', 'node_modules/**'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      // Pages load their route code lazily, which Vite transforms on first use: on a
      // busy machine (the full run, two cores) that alone can take seconds.
      testTimeout: 30_000,
    },
  }),
);
