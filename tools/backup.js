#!/usr/bin/env node
// `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]`, with the same
// environment as `npm run start:api` (DATA_DIR=./data unless set). A backup works whether
// the API is running or not; a restore into the embedded database needs it stopped.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { status } = spawnSync(
  process.execPath,
  ['-r', '@swc-node/register', 'backend/src/backup.ts', ...process.argv.slice(2)],
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
