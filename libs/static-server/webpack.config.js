// Bundles the static server into one file, dist/static-server/main.js, which the remotes'
// image runs with nothing else installed.
const { createNodeConfig } = require('../../tools/webpack/node-config');

module.exports = (_env, argv) =>
  createNodeConfig(
    {
      context: __dirname,
      entry: { main: './src/main.ts' },
      output: 'static-server',
      bundleAll: true,
    },
    argv,
  );
