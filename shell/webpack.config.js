const { createConfig } = require('../tools/webpack/create-config');

// The host: it exposes nothing and declares no remotes at build time; their addresses
// come from /config.json at run time (see src/app/remotes.ts).
module.exports = (_env, argv) =>
  createConfig({ project: 'shell', container: 'shell', port: 4200, title: 'Vitrine' }, argv);
