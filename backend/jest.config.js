module.exports = {
  displayName: 'backend',
  preset: '../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  setupFiles: ['<rootDir>/test/support/env.ts'],
  testTimeout: 30000,
  // Two files at a time on CI's two cores: jest's default (cores - 1) left one idle for the
  // whole of the API tests, the longest task of `npm test` (each file has its own database,
  // data folder and ports, so files do not share state).
  maxWorkers: 2,
};
