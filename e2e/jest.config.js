// Browser tests: playwright-core driving Debian's Chromium against the production builds.
const Module = require('node:module');
const preset = require('../jest.preset.js');

// globalSetup and globalTeardown run in jest's own process, outside the test runtime and its
// moduleNameMapper: Node's resolver learns the workspace's @vitrine/* paths for them too.
const workspaceAliases = Object.entries(preset.moduleNameMapper)
  .filter(([pattern]) => pattern.startsWith('^@vitrine'))
  .map(([pattern, target]) => [new RegExp(pattern), target]);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspaceAlias(request, ...rest) {
  const alias = workspaceAliases.find(([pattern]) => pattern.test(request));
  return resolveFilename.call(this, alias ? alias[1] : request, ...rest);
};

module.exports = {
  displayName: 'e2e',
  preset: '../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 60000,
};
