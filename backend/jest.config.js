module.exports = {
  displayName: 'backend',
  preset: '../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  setupFiles: ['<rootDir>/test/support/env.ts'],
  testTimeout: 30000,
};
