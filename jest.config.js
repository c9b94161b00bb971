// One jest run covers every workspace. Integration tests start real services in-process
// (PGlite, or PostgreSQL when DATABASE_URL is set; NATS when NATS_URL is set), and the
// end-to-end projects drive the built app in Chromium, in one process (e2e) and as separate
// processes (e2e-distributed). PGlite needs
// --experimental-vm-modules (see the test:jest script).
// swc, with the hot built-ins bound as module locals (see infra/jest/swc-transform.js: global
// lookups inside Jest's vm context are two orders of magnitude slower than in Node).
const swc = [
  '<rootDir>/infra/jest/swc-transform.js',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/infra/jest/check-answers.js'],
};
module.exports = {
  reporters: ['default', '<rootDir>/infra/jest/summary-reporter.js'],
  projects: [
    {
      ...common,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/{gateway,services,frontends}/**/test/**/*.test.ts',
        '<rootDir>/infra/{embedded,distributed,k8s,releases}/test/**/*.test.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/infra/e2e/test/**/*.test.ts'],
      // One Chromium for the run, which every spec file connects to.
      globalSetup: '<rootDir>/infra/e2e/jest/global-setup.ts',
      globalTeardown: '<rootDir>/infra/e2e/jest/global-teardown.ts',
    },
    {
      // The same journeys against the distributed form: every service and the gateway in its
      // own process on PostgreSQL, NATS and S3 (s3rver), started once for the whole run, driven
      // by the run's one Chromium.
      ...common,
      displayName: 'e2e-distributed',
      testMatch: ['<rootDir>/infra/e2e/test/**/*.test.ts'],
      // These specs start a system of their own (their own gateway configuration, billing on).
      testPathIgnorePatterns: ['/node_modules/', 'remote-from-another-origin', 'checkout-slow-confirmation'],
      globals: { __E2E_FORM__: 'distributed' },
      globalSetup: '<rootDir>/infra/e2e/jest/distributed-global-setup.ts',
      globalTeardown: '<rootDir>/infra/e2e/jest/distributed-global-teardown.ts',
    },
  ],
};
