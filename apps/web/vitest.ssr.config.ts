// Server-rendering tests: the web app rendered as the API server renders it,
// in Node with no DOM (no window, document or customElements), so a render
// that reads a browser-only global fails here as it would in production.
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web-ssr',
      environment: 'node',
      include: ['src/**/*.ssr.test.{ts,tsx}'],
    },
  }),
);
