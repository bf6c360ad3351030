// Type-aware lint for every workspace (STYLE.md: strict, consistent-type-imports).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// How the web app's imports resolve (Vite's `@/` alias, TypeScript files), for
// the rules that follow imports: import-x/no-cycle and boundaries/dependencies.
const webResolverOptions = {
  alias: { '@': [fileURLToPath(new URL('./apps/web/src', import.meta.url))] },
  extensions: ['.ts', '.tsx', '.js', '.json'],
  conditionNames: ['import', 'default'],
};
const boundariesResolver = fileURLToPath(new URL('./scripts/eslint-resolver.cjs', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'packages/db/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'table'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // ADR 025: the console reaches the browser only through its lazy /admin
    // routes, so no public page's bundle can carry its code. The route modules
    // under app/routes/admin are console code too: only router.tsx reaches
    // them, through import(), which this rule does not restrict.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/console/**', 'apps/web/src/app/routes/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Relative paths too: '../console/...' from another feature.
              group: ['@/features/console', '@/features/console/**', '**/console', '**/console/**'],
              message: 'Console code is loaded only by the lazy routes in app/routes/admin (ADR 025).',
            },
            {
              group: ['@/app/routes/admin', '@/app/routes/admin/**', '**/routes/admin', '**/routes/admin/**'],
              message:
                'The console routes are reached only through the lazy import() calls in app/router.tsx (ADR 025).',
            },
          ],
        },
      ],
    },
  },
  {
    // ADR 037: no import cycles in the web app, and the console's areas
    // (features/console/<area>) share code only through features/console/shared,
    // so each area can change, and be split into chunks, on its own.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, boundaries },
    settings: {
      'import-x/resolver-next': [createNodeResolver(webResolverOptions)],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { [boundariesResolver]: webResolverOptions },
      'boundaries/elements': [
        { type: 'console-shared', pattern: 'apps/web/src/features/console/shared' },
        { type: 'console-area', pattern: 'apps/web/src/features/console/*', capture: ['area'] },
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'console-area' } },
              disallow: { to: { element: { type: 'console-area' } } },
              message:
                'A console area imports only features/console/shared, never another area ({{ to.element.captured.area }}); move what both need into shared, or combine them in the route (ADR 037).',
            },
            {
              from: { element: { type: 'console-shared' } },
              disallow: { to: { element: { type: 'console-area' } } },
              message: 'features/console/shared is imported by the console areas and never imports one (ADR 037).',
            },
          ],
        },
      ],
    },
  },
  {
    // ADR 036: the database package never loads the image encoder; the server
    // writes the demo photos after seeding.
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sharp',
              message: 'Images are encoded in @sas/demo-media/render, not in the database package (ADR 036).',
            },
            {
              name: '@sas/demo-media/render',
              message:
                'The server writes the demo photos after seeding; packages/db uses only @sas/demo-media (ADR 036).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
);
