/** Backend tests: unit specs beside the code, integration and e2e suites under test/. */
const { readFileSync } = require('node:fs');
const swc = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8'));

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }],
    // openid-client and its oauth4webapi are ES modules only; Jest (before Node 24.9) loads
    // node_modules as CommonJS, so these two are compiled like our own files (docs/decisions.md,
    // "OpenID Connect sign-in"), with the jose 6 openid-client brings along.
    '/node_modules/(openid-client|oauth4webapi)/.+\\.js$': ['@swc/jest', { ...swc, swcrc: false }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  moduleNameMapper: { '^@papan/shared$': '<rootDir>/../shared/src/index.ts' },
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 2 : '50%',
};
