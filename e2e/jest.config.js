// Browser tests: playwright-core driving Debian's Chromium against the production builds.
module.exports = {
  displayName: 'e2e',
  preset: '../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 60000,
};
