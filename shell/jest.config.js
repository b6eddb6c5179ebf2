module.exports = {
  displayName: 'shell',
  preset: '../jest.preset.js',
  // The app's components run in jsdom; the server's specs say `@jest-environment node`.
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['../tools/jest/jsdom-setup.js'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}', '<rootDir>/server/**/*.spec.ts'],
};
