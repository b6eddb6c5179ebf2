#!/usr/bin/env node
// `npm run start:api`: the API from source (no build step), on the embedded database unless
// MONGODB_URI is set. Env: PORT, MONGODB_URI, DATA_DIR, JWT_SECRET, ADMIN_USERNAME, ADMIN_PASSWORD.
const path = require('node:path');
const { API_MEMORY_ENV } = require('./api-memory-env');

// The test-process toolkit (libs/testing) is TypeScript: load it the way the API is loaded.
require('@swc-node/register');
const { launchApi } = require('../libs/testing/src');

const root = path.resolve(__dirname, '..');

/** The API from source with the development defaults; `env` over the developer's settings. */
function launchDevApi(env = {}, output = 'inherit') {
  return launchApi({
    from: 'source',
    port: Number(env.PORT || process.env.PORT || 3000),
    defaults: { NODE_ENV: 'development', DATA_DIR: path.join(root, 'data'), ...API_MEMORY_ENV },
    env: { MONGODB_URI: process.env.MONGODB_URI, ...env },
    output,
  });
}

if (require.main === module) {
  launchDevApi().then((api) => {
    const stop = (signal) => api.child.kill(signal);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    api.child.on('exit', (code) => process.exit(code ?? 0));
  });
}

module.exports = { launchDevApi };
