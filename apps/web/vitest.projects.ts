// The component tests, in jsdom with the app's own Vite config (alias, React
// plugin), as two projects. Most files share one jsdom per worker (isolate:
// false): a fresh jsdom and a fresh import of React and the testing libraries
// for each of eighty files was two thirds of their time (ADR 033). The files
// that replace a module with vi.mock run each in its own worker, since a mock
// registered in a shared worker would stay for the files after it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Component test files (not the server-rendering ones), relative to apps/web. */
function componentTestFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentTestFiles(path);
    return /\.test\.tsx?$/.test(entry.name) && !/\.ssr\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const mocksModules = (file: string): boolean => /\bvi\.mock\(/.test(readFileSync(join(root, file), 'utf8'));

export function componentTestProject(kind: 'shared' | 'isolated') {
  const files = componentTestFiles().filter((file) => mocksModules(file) === (kind === 'isolated'));
  return mergeConfig(
    viteConfig,
    defineProject({
      test: {
        name: kind === 'shared' ? 'web' : 'web-isolated',
        environment: 'jsdom',
        include: files,
        isolate: kind === 'isolated',
        setupFiles: ['./src/testing/setup-tests.ts'],
        // Pages load their route code lazily, which Vite transforms on first use: on a
        // busy machine (the full run, two cores) that alone can take seconds.
        testTimeout: 30_000,
      },
    }),
  );
}
