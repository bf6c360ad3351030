// The component tests that replace a module (vi.mock), each file in a worker of
// its own: see vitest.config.ts.
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { componentTests, isolatedFiles } from './vitest.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({ test: { ...componentTests, name: 'web-isolated', include: [isolatedFiles] } }),
);
