#!/usr/bin/env node
// `npm run serve:prod`: the four production builds as they are deployed, without Docker.
// The API from dist/backend (embedded database unless MONGODB_URI), the shell's server on 4200
// (its run-time config from PUBLIC_MFE_URL / ADMIN_MFE_URL, /api forwarded to the API, and the
// public pages rendered with public-mfe's server build), and the remotes on 4201 and 4202,
// all with the production cache headers and compression.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { API_MEMORY_ENV } = require('./api-memory-env');
const { API_BEHIND_LOCAL_SHELL } = require('./api-trust');
const { devAdminCredentials, devJwtSecret } = require('./dev-credentials');
const { processGroup } = require('./process-group');
const { sharedShellToken } = require('./shell-token');

const root = path.resolve(__dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
const apiPort = Number(process.env.PORT || 3000);

for (const project of [
  'backend',
  'shell',
  'shell-server',
  'static-server',
  'public-mfe',
  'admin-mfe',
]) {
  if (!fs.existsSync(path.join(root, 'dist', project))) {
    console.error(`dist/${project} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

const admin = devAdminCredentials(dataDir);
const shellToken = sharedShellToken();
const group = processGroup();
function run(name, args, env = {}) {
  group.add(
    name,
    spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }),
  );
}

run('api', ['dist/backend/main.js'], {
  ...API_MEMORY_ENV,
  ...API_BEHIND_LOCAL_SHELL,
  NODE_ENV: 'production',
  PORT: String(apiPort),
  DATA_DIR: dataDir,
  JWT_SECRET: devJwtSecret(dataDir),
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  SHELL_TOKEN: shellToken,
});
const serve = (dir, port) => ['dist/static-server/main.js', '--dir', dir, '--port', String(port)];
run('public-mfe', serve('dist/public-mfe', 4201));
run('admin-mfe', serve('dist/admin-mfe', 4202));
run(
  'shell',
  [
    'dist/shell-server/main.js',
    '--dir',
    'dist/shell',
    '--port',
    '4200',
    '--api',
    process.env.API_URL || `http://127.0.0.1:${apiPort}`,
  ],
  {
    NODE_ENV: 'production',
    SITE_URL: process.env.SITE_URL || 'http://localhost:4200',
    PUBLIC_MFE_URL: process.env.PUBLIC_MFE_URL || 'http://localhost:4201',
    ADMIN_MFE_URL: process.env.ADMIN_MFE_URL || 'http://localhost:4202',
    SHELL_TOKEN: shellToken,
  },
);

(async () => {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch('http://127.0.0.1:4200/api/health')).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`
  Vitrine (production builds) is running.

    Site:        http://localhost:4200/
    Sign in:     http://localhost:4200/login  as ${admin.username} / ${admin.password}
    API docs:    http://localhost:${apiPort}/api/docs

  Press Ctrl+C to stop.
`);
})();
