// Type-aware lint for every workspace (STYLE.md: strict, consistent-type-imports).
import { existsSync, realpathSync, statSync } from 'node:fs';
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

// STYLE.md, "Where the next code goes": service folders must not import each
// other in circles; when two need each other, the shared part moves down or
// one side takes a callback. Each folder or top-level file of
// apps/server/src/services is an element, and these are the only elements each
// may import: a folder-level cycle fails lint even when no file-level cycle
// does. Checked acyclic below, so the list cannot grow a cycle either.
const serviceDependencies = {
  'property-ref': [],
  'cache-bus': [],
  'trip-links': [],
  payments: [],
  availability: [],
  'review-blocklist': [],
  email: ['trip-links'],
  'rate-tables': ['cache-bus', 'property-ref'],
  catalog: ['property-ref', 'review-blocklist'],
  'catalog-cache': ['cache-bus', 'catalog'],
  'details-cache': ['cache-bus', 'catalog', 'property-ref'],
  'page-meta': ['details-cache'],
  'social-image': ['catalog'],
  'taken-homes': ['availability', 'cache-bus'],
  promotions: [],
  pricing: ['availability', 'catalog-cache', 'promotions', 'rate-tables', 'taken-homes'],
  'owner-inquiries': ['email'],
  auth: ['email'],
  // The money path: what its parts share sits below them all (money-deps, refunds).
  'money-deps': ['payments', 'rate-tables'],
  // The ledger (issue 29, ADR 046): every money path writes through it, so it imports no service.
  ledger: [],
  refunds: ['ledger', 'payments'],
  concierge: ['email', 'ledger', 'money-deps', 'property-ref', 'refunds'],
  // Turnover tasks (issue 30, ADR 043): planned by every writer of stays, so below them all.
  tasks: ['email', 'property-ref'],
  // Guest messages and verified reviews (issue 28, ADR 045): scheduled by the booking path, so below it.
  reviews: ['cache-bus'],
  // Texts to guests (issue 28): the provider and the STOP list, below the messages that send them.
  texting: [],
  messages: ['email', 'promotions', 'reviews', 'texting', 'trip-links'],
  booking: [
    'availability',
    'concierge',
    'email',
    'messages',
    'ledger',
    'money-deps',
    'payments',
    'pricing',
    'promotions',
    'refunds',
    'tasks',
  ],
  schedule: ['booking', 'email', 'ledger', 'money-deps', 'payments', 'property-ref', 'refunds'],
  'payment-events': ['booking', 'concierge', 'money-deps', 'payments', 'schedule'],
  trips: ['booking', 'concierge', 'email', 'schedule', 'trip-links'],
  console: [
    'auth',
    'availability',
    'booking',
    'catalog',
    'email',
    // Owners' payouts and expenses are ledger movements (issue 29, ADR 046).
    'ledger',
    'property-ref',
    'review-blocklist',
    'schedule',
    'tasks',
  ],
  channels: ['availability', 'console', 'email', 'property-ref', 'tasks'],
  // The demo history (ADR 040) writes through the money path's own record functions.
  // Google Vacation Rentals (issue 27, ADR 044): reads the rates and the taken nights, e-mails the twin's alert.
  google: ['availability', 'email', 'rate-tables'],
  demo: ['booking', 'console', 'money-deps', 'payments', 'pricing', 'rate-tables', 'refunds', 'schedule', 'tasks'],
};

// The allowed dependencies themselves must form no cycle.
(function assertAcyclic(graph) {
  const done = new Set();
  const visit = (name, path) => {
    if (path.includes(name)) throw new Error(`serviceDependencies has a cycle: ${[...path, name].join(' -> ')}`);
    if (done.has(name)) return;
    for (const next of graph[name] ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of Object.keys(graph)) visit(name, []);
})(serviceDependencies);

/** The services named (a pattern or a list): a folder element or a top-level file. */
/** Forbids vi.mock in test files whose modules are shared with the files after them (ADR 033). */
function noModuleMocks(message) {
  return { 'no-restricted-properties': ['error', { object: 'vi', property: 'mock', message }] };
}

function service(name) {
  return [
    { element: { type: 'service', captured: { name } } },
    { file: { categories: 'service', captured: { name } } },
  ];
}

// The legacy node resolver eslint-plugin-boundaries uses does not know that
// TypeScript's `./x.js` import is the file `./x.ts`; these two options teach it.
function typeScriptFileOf(file) {
  const ts = `${file.slice(0, -3)}.ts`;
  return file.endsWith('.js') && !existsSync(file) && existsSync(ts) ? ts : file;
}
const serviceBoundariesResolver = {
  node: {
    extensions: ['.ts', '.tsx', '.js'],
    preserveSymlinks: false,
    isFile: (file) => {
      try {
        return statSync(typeScriptFileOf(file)).isFile();
      } catch {
        return false;
      }
    },
    realpathSync: (file) => {
      try {
        return realpathSync(typeScriptFileOf(file));
      } catch {
        return file;
      }
    },
  },
};

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
    // STYLE.md, "Where the next code goes": no import cycles, file by file, in
    // the server and the packages (a cycle of type-only imports is harmless
    // at run time and ignored).
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // STYLE.md, "Where the next code goes": service folders import each other
    // only as serviceDependencies above allows, so no folder-level cycle.
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': serviceBoundariesResolver,
      // A folder of services is an element; a file at the top of services a file of category 'service'.
      'boundaries/elements': [
        { type: 'service', pattern: 'apps/server/src/services/*', partialMatch: false, capture: ['name'] },
      ],
      'boundaries/files': [{ category: 'service', pattern: 'apps/server/src/services/*.ts', capture: ['name'] }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: service('*'),
              disallow: { to: service('*') },
              message:
                'Service folders must not import each other in circles (STYLE.md, "Where the next code goes"): {{from.element.captured.name}}{{from.file.captured.name}} may not import {{to.element.captured.name}}{{to.file.captured.name}}. Move the shared part down or take a callback; serviceDependencies in eslint.config.js lists what each may import, and must stay acyclic.',
            },
            ...Object.entries(serviceDependencies).map(([name, allowed]) => ({
              from: service(name),
              allow: { to: service([name, ...allowed]) },
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Nothing imports a test file, so no cycle can pass through one; following
    // every test's imports was half of that rule's time (ADR 033, sixth round).
    files: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // ADR 033: the server's test files share a worker and its modules, where a
    // module replaced by vi.mock would stay replaced for the files after it.
    files: ['apps/server/src/**/*.test.ts'],
    rules: noModuleMocks(
      'Server test files share their worker (isolate: false, ADR 033): pass the dependency in (a parameter, a wrapped db) instead of replacing a module.',
    ),
  },
  {
    // The same for the component tests, but for the few files named
    // *.isolated.test.tsx that run in a worker of their own (apps/web/vitest.config.ts).
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
    rules: noModuleMocks(
      'Component test files share their jsdom and modules (isolate: false, ADR 033): render with the real module, or name the file *.isolated.test.tsx to run it alone.',
    ),
  },
);
