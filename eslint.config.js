'use strict';
// One lint configuration for the whole repository: typescript-eslint's recommended rules
// everywhere, and the rules of hooks in the frontends. Formatting is Prettier's job
// (`prettier --check`), so no stylistic rule lives here.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

const SERVICES = ['identity', 'voice', 'library', 'generation', 'billing', 'creator-referral'];

/** What no service may import: another service, by package or by path. */
const otherServices = (service) =>
  SERVICES.filter((other) => other !== service).map((other) => ({
    group: [`@innerecho/${other}`, `@innerecho/${other}/*`, `**/${other}/src/**`, `**/${other}/test/**`],
    message: 'Services never import each other: learn from events or ask over HTTP (contracts live in @innerecho/contracts).',
  }));

/** What the shared layers (kit, contracts, gateway) may not import: a frontend or a service. */
const noFrontends = {
  group: ['@innerecho/frontend-*', '@innerecho/frontend-*/**', '@innerecho/ui', '@innerecho/ui/*', '**/frontends/**'],
  message: 'Only frontends import frontends: shared code (kit, contracts, gateway, services) never does.',
};
const noServices = {
  group: SERVICES.flatMap((service) => [`@innerecho/${service}`, `@innerecho/${service}/*`, `**/services/${service}/**`]),
  message: 'The kit, the contracts and the gateway stand under the services: they never import one.',
};

/** Outside a package, only its public entry point (its name): never a path into its source. */
const entryPointsOnly = {
  group: ['@innerecho/*/src/**', '**/services/*/src/**', '**/gateway/src/**', '**/frontends/*/src/**'],
  message: 'Import a package by its name (its entry point exports what others use), never a path into its source.',
};

/** Services mount routes only through their declarations: no router or app of their own. */
const noExpressRouter = {
  name: 'express',
  importNames: ['default', 'Router'],
  message: 'Mount routes with declaredRoutes(<SERVICE>_ENDPOINTS, { context }).answer(id, handler) from @innerecho/kit.',
};

/** What domain code may not import: the web framework, and the database other than through data-access. */
const domainRestrictions = [
  { name: 'express', message: 'Domain code does not know about HTTP: entry-points/http turns requests into calls.' },
  { name: 'drizzle-orm', message: 'Domain code reaches the database only through data-access.' },
];
const domainPatterns = [{ group: ['**/data-access/schema'], message: 'Domain code reaches the database only through data-access.' }];

/** Frontend apps import only the contracts and the design system (which brings the router). */
const frontendPaths = ['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import routing from @innerecho/ui.' }));
const frontendPatterns = [
  {
    group: ['@innerecho/*', '!@innerecho/contracts', '!@innerecho/ui', '!@innerecho/ui/*'],
    message: 'A frontend imports only @innerecho/contracts and the design system (@innerecho/ui).',
  },
  {
    group: ['admin', 'creator', 'public', 'shell', 'subscriber', 'ui', 'design-tokens'].map((app) => `../**/${app}/src/**`),
    message: 'A frontend imports another package by its name, never by a path into it.',
  },
];

module.exports = tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/drizzle/**', 'services/contracts/json-schemas/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // An argument or caught error named with a leading underscore is unused on purpose
      // (an Express error handler needs four parameters to be one).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Type-aware: a promise is awaited, returned or marked `void` on purpose, and never
    // handed to something that expects a plain function or a boolean.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // A function or component a person can hold in their head: split it before it passes 150
    // lines. Tests are held by their own reading (a test is one story), not by this count.
    files: [
      'services/*/src/**/*.{ts,tsx}',
      'gateway/src/**/*.ts',
      'infra/*/src/**/*.ts',
      'packages/*/src/**/*.ts',
      'frontends/*/src/**/*.{ts,tsx}',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Off outside the frontends for now: the remaining `any`s there walk thrown errors of
    // unknown shape (error.cause chains, pg and body-parser fields), read Stripe fields its
    // types lack, and read JSON response bodies in tests. The frontends keep the rule.
    files: ['services/**', 'gateway/**', 'infra/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Build scripts, jest configuration and the k6 scripts are CommonJS or k6 modules run by Node or k6.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['infra/k6/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
  {
    files: ['frontends/**/*.{ts,tsx}', 'infra/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['frontends/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // One router for the shell and every remote: it comes from the design system.
      'no-restricted-imports': ['error', { paths: frontendPaths, patterns: frontendPatterns }],
    },
  },
  {
    // The design system stands on the contracts and the design tokens only.
    files: ['frontends/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: frontendPaths,
          patterns: [
            {
              group: ['@innerecho/*', '!@innerecho/contracts', '!@innerecho/design-tokens'],
              message: 'The design system imports only @innerecho/contracts and @innerecho/design-tokens.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontends/ui/src/routing/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The design tokens are plain data: they stand on nothing of ours.
    files: ['packages/design-tokens/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@innerecho/*'], message: 'The design tokens import nothing of ours.' }] }],
    },
  },
  // One import rule per part of each service, each carrying every restriction that holds there
  // (a later block's options replace an earlier one's, so none is left to inherit): no other
  // service and no frontend anywhere in it; in its source no express Router or app (routes
  // are mounted through their declarations); in its domain no HTTP and no database but
  // through data-access.
  ...SERVICES.flatMap((service) => [
    {
      files: [`services/${service}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [...otherServices(service), noFrontends] }] },
    },
    {
      files: [`services/${service}/src/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { paths: [noExpressRouter], patterns: [...otherServices(service), noFrontends] }] },
    },
    {
      files: [`services/${service}/src/domain/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: domainRestrictions, patterns: [...otherServices(service), noFrontends, ...domainPatterns] },
        ],
      },
    },
  ]),
  {
    // The shared layers stand under the services and the frontends.
    files: ['services/kit/**/*.ts', 'services/contracts/**/*.ts', 'gateway/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFrontends, noServices] }] },
  },
  {
    // Benches, load runs and asset scripts use packages as any other caller would.
    files: ['infra/bench/**/*.ts', 'infra/load/**/*.ts', 'infra/assets/**/*.ts', 'infra/node-versions/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [entryPointsOnly] }] },
  },
);
