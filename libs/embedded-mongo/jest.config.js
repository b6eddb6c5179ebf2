module.exports = {
  displayName: 'embedded-mongo',
  preset: '../../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 30000,
  globalSetup: '<rootDir>/src/test-support/global-setup.js',
};
