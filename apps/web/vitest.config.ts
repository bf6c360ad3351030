// Component tests run in jsdom with the app's own Vite config (alias, React plugin).
// Two projects (ADR 033):
// - 'web': the files share one jsdom and one module graph per worker. Starting a
//   jsdom and importing the app again for each of eighty files was two thirds of the
//   run. setup-tests.ts gives each test an empty browser (storage, history, cookies,
//   globals, timers) and a fresh query client comes with each render.
// - 'web-isolated': the few files that replace a module with vi.mock, each in a
//   worker of its own, since a replaced module would stay replaced for the files
//   after it. They are named *.isolated.test.tsx; eslint allows vi.mock nowhere else.
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export const componentTests: { environment: 'jsdom'; setupFiles: string[]; testTimeout: number } = {
  environment: 'jsdom',
  setupFiles: ['./src/testing/setup-tests.ts'],
  // Pages load their route code lazily, which Vite transforms on first use: on a
  // busy machine (the full run, two cores) that alone can take seconds.
  testTimeout: 30_000,
};

export const isolatedFiles = 'src/**/*.isolated.test.{ts,tsx}';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      ...componentTests,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      // Rendered in Node, without a DOM: vitest.ssr.config.ts.
      exclude: ['src/**/*.ssr.test.{ts,tsx}', isolatedFiles, 'node_modules/**'],
      isolate: false,
    },
  }),
);
