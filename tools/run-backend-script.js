// Runs one of the API's command-line scripts (backend/src/<name>.ts) from source, with the
// same environment as `npm run start:api` (DATA_DIR=./data unless set), and exits with its
// status: what `npm run seed`, `backup`, `restore` and `media:migrate` have in common.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** @param {string} script e.g. 'backend/src/seed.ts' @param {string[]} args */
function runBackendScript(script, args) {
  const { status } = spawnSync(process.execPath, ['-r', '@swc-node/register', script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      DATA_DIR: path.join(root, 'data'),
      ...process.env,
      SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json'),
    },
  });
  process.exit(status ?? 1);
}

module.exports = { runBackendScript };
