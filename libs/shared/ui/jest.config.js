module.exports = {
  displayName: 'ui',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['../../../tools/jest/jsdom-setup.js'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
