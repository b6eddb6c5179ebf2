#!/usr/bin/env node
// `npm start`: the whole site for a first look. The API on the embedded database (PORT,
// default 3000), the shell on 4200 and the two remotes on 4201 and 4202, all from source,
// then one message that says where to open it and how to sign in. The shell's server renders
// the public pages as in production (with public-mfe's server build, rebuilt as the code
// changes), so developers see what crawlers get; the shell's dev server behind it on 4203.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { devAdminCredentials } = require('./dev-credentials');
const { processGroup } = require('./process-group');
const { launchDevApi } = require('./start-api');
const { waitUntilAnswers } = require('../libs/testing/src');

const root = path.resolve(__dirname, '..');
const apiPort = Number(process.env.PORT || 3000);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));

const group = processGroup();
function run(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const relay = (stream, out) =>
    stream.on('data', (chunk) =>
      out.write(
        chunk
          .toString()
          .split('\n')
          .filter((line) => line.trim() && !line.includes('Unknown user config'))
          .map((line) => prefix + line + '\n')
          .join(''),
      ),
    );
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return group.add(name, child);
}

async function main() {
  const admin = devAdminCredentials(dataDir);
  const api = await launchDevApi(
    {
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    },
    'pipe',
  );
  group.add('api', api.child);
  api.child.stdout.pipe(process.stdout);
  api.child.stderr.pipe(process.stderr);

  const webpack = path.join(root, 'node_modules/.bin/webpack');
  const devEnv = { PORT: String(apiPort) };
  for (const project of ['public-mfe', 'admin-mfe']) {
    run(
      project,
      webpack,
      ['serve', '-c', `${project}/webpack.config.js`, '--mode', 'development'],
      devEnv,
    );
  }
  run(
    'shell',
    webpack,
    [
      'serve',
      '-c',
      'shell/webpack.config.js',
      '--mode',
      'development',
      '--port',
      '4203',
      '--client-web-socket-url',
      'ws://localhost:4203/ws',
    ],
    devEnv,
  );
  run(
    'shell-server',
    process.execPath,
    [
      'shell/server/main.js',
      '--dir',
      'shell/public',
      '--port',
      '4200',
      '--dev-assets',
      'http://localhost:4203',
      '--api',
      `http://localhost:${apiPort}`,
    ],
    devEnv,
  );

  await Promise.all([
    api.untilHealthy(180_000),
    waitUntilAnswers('http://localhost:4201/remoteEntry.js'),
    waitUntilAnswers('http://localhost:4201/server/remoteEntry.js'),
    waitUntilAnswers('http://localhost:4202/remoteEntry.js'),
    waitUntilAnswers('http://localhost:4200/'),
  ]);
  console.log(`
  Vitrine is running.

    Site:        http://localhost:4200/
    Admin area:  http://localhost:4200/admin/user   (sign in at http://localhost:4200/login)
    User name:   ${admin.username}
    Password:    ${admin.password}${admin.file ? `   (kept in ${path.relative(root, admin.file)})` : ''}
    API docs:    http://localhost:${apiPort}/api/docs

  Press Ctrl+C to stop.
`);
}

main().catch((error) => {
  console.error(error.message);
  group.stop(1);
});
