// Shared jest settings: every project compiles TypeScript with SWC (fast on two cores);
// type checking is the separate `typecheck` target.
const path = require('node:path');

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const root = __dirname;
const tsconfig = require(path.join(root, 'tsconfig.base.json'));
const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    path.join(root, target),
  ]),
);

module.exports = {
  transform: {
    '^.+\\.tsx$': swc(true),
    '^.+\\.[cm]?[jt]s$': swc(false),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: {
    ...moduleNameMapper,
    '\\.(css|png|jpe?g|gif|webp|svg|mp4|webm)$': path.join(root, 'tools/jest/style-stub.js'),
  },
  testEnvironment: 'node',
};

module.exports.reporters = ['default', path.join(root, 'tools/jest/summary-reporter.js')];
