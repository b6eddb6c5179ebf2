const preset = require('../jest.preset.js');

module.exports = {
  displayName: 'public-mfe',
  preset: '../jest.preset.js',
  testEnvironment: 'jsdom',
  transform: {
    ...preset.transform,
    // The catalogues compiled for Lingui, as the webpack builds compile them.
    '[\\/]src[\\/]locales[\\/][\\w-]+\\.json$': '<rootDir>/../tools/webpack/catalogue-loader.js',
  },
  setupFilesAfterEnv: ['../tools/jest/jsdom-setup.js', '<rootDir>/src/testing/i18n-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  // Forms typed into with user-event take seconds when the two cores are shared.
  testTimeout: 15000,
};
