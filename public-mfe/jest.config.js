module.exports = {
  displayName: 'public-mfe',
  preset: '../jest.preset.js',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['../tools/jest/jsdom-setup.js', '<rootDir>/src/testing/i18n-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  // Forms typed into with user-event take seconds when the two cores are shared.
  testTimeout: 15000,
};
