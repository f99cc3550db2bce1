// Two tiers: `unit` (pure and in-process, parallel) and `integration` (the real system:
// PostgreSQL, NATS, RabbitMQ and every app started once per run, in band).
const preset = require('./jest.preset');

module.exports = {
  // Global option (ignored inside a project): the integration tier waits for real services.
  testTimeout: 60000,
  projects: [
    {
      ...preset,
      displayName: 'unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
    },
    {
      ...preset,
      displayName: 'integration',
      rootDir: __dirname,
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
    },
  ],
};
