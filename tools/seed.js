#!/usr/bin/env node
// `npm run seed`: adds the demo content that is missing (idempotent), with the same
// environment as `npm run start:api`. Stop the API first when it uses the embedded
// database: one process owns its files at a time.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { status } = spawnSync(
  process.execPath,
  ['-r', '@swc-node/register', 'backend/src/seed.ts'],
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
