const { createConfig, createServerConfig } = require('../tools/webpack/create-config');

const remote = {
  project: 'public-mfe',
  container: 'public_mfe',
  port: 4201,
};

// Two builds of one remote: the browser's container, and the server's (server/remoteEntry.js)
// that the shell's production server renders the public pages with.
module.exports = (_env, argv) => [
  createConfig({ ...remote, exposes: { './Module': './src/remote-entry.ts' } }, argv),
  createServerConfig({ ...remote, exposes: { './ssr': './src/server/render.tsx' } }, argv),
];
