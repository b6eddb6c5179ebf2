const { createConfig } = require('../tools/webpack/create-config');

module.exports = (_env, argv) =>
  createConfig(
    {
      project: 'admin-mfe',
      container: 'admin_mfe',
      port: 4202,
      exposes: { './Module': './src/remote-entry.ts' },
    },
    argv,
  );
