// One test run for every workspace; each project keeps its own environment.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on this project's
    // two-core CI machines that is a single worker, and the run took twice as
    // long as it needs to (ADR 033).
    maxWorkers: Math.max(2, availableParallelism()),
    // Names the run for the PostgreSQL template databases the workers share (@sas/db/testing).
    globalSetup: ['packages/db/src/testing-global-setup.ts'],
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'demo-media',
          root: 'packages/demo-media',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // The files share a worker and its imports: importing the server's
          // modules again for each of seventy files was a third of the run
          // (ADR 033). So a file mocks no module (eslint) and starts from
          // test/setup.ts's clean slate.
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'apps/web/vitest.ssr.config.ts',
    ],
  },
});
