// Bundles the API into dist/backend/main.js (and the media:migrate and backup commands beside
// it). npm packages stay external (installed beside it in production); workspace libraries are
// compiled in.
const { createNodeConfig } = require('../tools/webpack/node-config');

module.exports = (_env, argv) =>
  createNodeConfig(
    {
      context: __dirname,
      entry: {
        main: './src/main.ts',
        'media-migrate': './src/media-migrate.ts',
        backup: './src/backup.ts',
      },
      output: 'backend',
      decorators: true,
    },
    argv,
  );
