#!/usr/bin/env node
// `npm run start:api`: the API from source (no build step), on the embedded database unless
// MONGODB_URI is set. Env: PORT, MONGODB_URI, DATA_DIR, JWT_SECRET, ADMIN_USERNAME, ADMIN_PASSWORD.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { API_MEMORY_ENV } = require('./api-memory-env');

const root = path.resolve(__dirname, '..');

function startApi(env = {}, options = {}) {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'backend/src/main.ts'], {
    cwd: root,
    stdio: options.stdio ?? 'inherit',
    env: {
      NODE_ENV: 'development',
      PORT: '3000',
      DATA_DIR: path.join(root, 'data'),
      ...API_MEMORY_ENV,
      ...process.env,
      ...env,
      SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json'),
    },
  });
}

if (require.main === module) {
  const api = startApi();
  const stop = (signal) => api.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  api.on('exit', (code) => process.exit(code ?? 0));
}

module.exports = { startApi };
