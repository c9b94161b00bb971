'use strict';
// One lint configuration for the whole repository: typescript-eslint's recommended rules
// everywhere, and the rules of hooks in the frontends. Formatting is Prettier's job
// (`prettier --check`), so no stylistic rule lives here.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

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
    // Off outside the frontends for now: the remaining `any`s there walk thrown errors of
    // unknown shape (error.cause chains, pg and body-parser fields), read Stripe fields its
    // types lack, and read JSON response bodies in tests. The frontends keep the rule.
    files: ['services/**', 'gateway/**', 'infra/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A service mounts its routes only through their declarations (`declaredRoutes` in the kit,
    // from @innerecho/contracts): no router or app of its own, so no route goes undeclared.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'express',
              importNames: ['default', 'Router'],
              message: 'Mount routes with declaredRoutes(<SERVICE>_ENDPOINTS).handle(id, handler) from @innerecho/kit.',
            },
          ],
        },
      ],
    },
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
      'no-restricted-imports': [
        'error',
        { paths: ['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import routing from @innerecho/ui.' })) },
      ],
    },
  },
  {
    files: ['frontends/ui/src/routing/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
