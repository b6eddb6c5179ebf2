const { createConfig } = require('../tools/webpack/create-config');

module.exports = (_env, argv) =>
  createConfig(
    {
      project: 'public-mfe',
      container: 'public_mfe',
      port: 4201,
      exposes: { './Module': './src/remote-entry.ts' },
    },
    argv,
  );
