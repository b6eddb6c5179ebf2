#!/usr/bin/env node
// `npm run media:migrate`: copies $DATA_DIR/uploads into GridFS (`-- --to disk`: back),
// with the same environment as `npm run start:api`. Safe to run again. With the embedded
// database, stop the API first: one process owns its files at a time.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { status } = spawnSync(
  process.execPath,
  ['-r', '@swc-node/register', 'backend/src/media-migrate.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      DATA_DIR: path.join(root, 'data'),
      ...process.env,
      SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json'),
    },
  },
);
process.exit(status ?? 1);
