// Type-aware lint for every workspace (STYLE.md: strict, consistent-type-imports).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Services take business time from their caller (routes pass
// app.clock.now(request), workers the clock's now), so the test clock and the
// tests that walk time reach every rule; a timestamp the database writes
// (now()) is its own clock and fine.
const wallClockMessage =
  'Services never read the wall clock (STYLE.md: one clock): take `now: Date` from the caller, which passes app.clock.now(request).';
const oneClock = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: wallClockMessage },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: wallClockMessage },
];

// Services say what went wrong (a DomainError code, an outcome), never how to
// answer it: the one map from code to HTTP status is lib/http-errors.ts (ADR 034).
const httpStatusMessage =
  'Services never carry an HTTP status (STYLE.md: one error style in services, ADR 034): throw a DomainError with a code, or return an outcome the route maps.';
const noHttpStatusInServices = [
  { selector: "Property[key.name='statusCode']", message: httpStatusMessage },
  { selector: "MemberExpression[property.name='statusCode']", message: httpStatusMessage },
];

// Money goes back to a guest through one function (STYLE.md: one refund path),
// which records every refund and, later, its ledger lines.
const refundPathMessage =
  'Refunds go through issueRefund in services/refunds (STYLE.md: one refund path), which records them.';
const oneRefundPath = [{ selector: "CallExpression[callee.property.name='refund']", message: refundPathMessage }];

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
    // routes, so no public page's bundle can carry its code.
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
          ],
        },
      ],
    },
  },
  {
    // STYLE.md, "Where the next code goes": one clock, one error style, one refund path.
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...oneClock, ...noHttpStatusInServices, ...oneRefundPath] },
  },
  {
    // These read the status of another server's HTTP answer (a channel's feed,
    // Stripe's API) or decide the status of the page a navigation gets (ADR 034).
    files: [
      'apps/server/src/services/channels/fetch.ts',
      'apps/server/src/services/payments/stripe.ts',
      'apps/server/src/services/page-meta.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...oneClock, ...oneRefundPath] },
  },
  {
    files: ['apps/server/src/services/refunds/issue-refund.ts'],
    rules: { 'no-restricted-syntax': ['error', ...oneClock, ...noHttpStatusInServices] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
);
