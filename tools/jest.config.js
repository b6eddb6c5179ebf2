module.exports = {
  displayName: 'tools',
  preset: '../jest.preset.js',
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testTimeout: 60000,
};
