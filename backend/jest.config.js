/** Backend tests: unit specs beside the code, integration and e2e suites under test/. */
const { readFileSync } = require('node:fs');
const swc = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8'));

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }] },
  moduleNameMapper: { '^@papan/shared$': '<rootDir>/../shared/src/index.ts' },
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 2 : '50%',
};
