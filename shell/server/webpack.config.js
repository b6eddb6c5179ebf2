// Bundles the shell's server into dist/shell-server/main.js: workspace libraries compiled in,
// npm packages left to the image's own install (its Dockerfile lists them).
const { createNodeConfig } = require('../../tools/webpack/node-config');

module.exports = (_env, argv) =>
  createNodeConfig(
    { context: __dirname, entry: { main: './main.ts' }, output: 'shell-server' },
    argv,
  );
