#!/usr/bin/env node
// `npm start`: the whole site for a first look. The API on the embedded database (PORT,
// default 3000), the shell on 4200 and the two remotes on 4201 and 4202, all from source,
// then one message that says where to open it and how to sign in. The shell's server renders
// the public pages as in production (with public-mfe's server build, rebuilt as the code
// changes), so developers see what crawlers get; the shell's dev server behind it on 4203.
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const { API_BEHIND_LOCAL_SHELL } = require('./api-trust');
const { devAdminCredentials } = require('./dev-credentials');
const { processGroup } = require('./process-group');
const { sharedShellToken } = require('./shell-token');
const { launchDevApi } = require('./start-api');
const { waitUntil, waitUntilAnswers } = require('../libs/testing/src');

const root = path.resolve(__dirname, '..');
const apiPort = Number(process.env.PORT || 3000);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
const site = 'http://localhost:4200';
/** How long the parts may take to answer: a cold first build on two busy cores. */
const START_TIMEOUT_MS = 5 * 60_000;

/** Lines the tools print at every start that ask nothing of anyone. */
const QUIET = [
  // Nx's webpack plugin reading options it does not know (ours, for create-config.js).
  'Unknown user config',
  // Module Federation's manifest noting our publicPath 'auto', which is deliberate.
  'Manifest will use absolute path resolution',
];

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
          .filter((line) => line.trim() && !QUIET.some((quiet) => line.includes(quiet)))
          .map((line) => prefix + line + '\n')
          .join(''),
      ),
    );
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return group.add(name, child);
}

/** Whether something already answers on `port` (another `npm start`, say). */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, 'localhost');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The shell answers the home page rendered on the server: every part of the site is up. */
async function serverRendered() {
  const response = await fetch(`${site}/`).catch(() => null);
  return response?.ok === true && /<div id="?root"?><(?!\/div>)/.test(await response.text());
}

async function main() {
  const ports = [
    [apiPort, 'the API (set PORT to use another)'],
    [4200, 'the shell'],
    [4201, 'public-mfe'],
    [4202, 'admin-mfe'],
    [4203, "the shell's dev server"],
  ];
  for (const [port, what] of ports) {
    if (await listening(port)) {
      throw new Error(
        `Port ${port}, for ${what}, is in use (another npm start?): stop what listens there, then run npm start again.`,
      );
    }
  }

  const admin = devAdminCredentials(dataDir);
  const shellToken = sharedShellToken();
  const api = await launchDevApi(
    {
      ...API_BEHIND_LOCAL_SHELL,
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      SHELL_TOKEN: shellToken,
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
      '-r',
      '@swc-node/register',
      'shell/server/main.ts',
      '--dir',
      'shell/public',
      '--port',
      '4200',
      '--dev-assets',
      'http://localhost:4203',
      '--api',
      `http://localhost:${apiPort}`,
    ],
    { ...devEnv, SWC_NODE_PROJECT: 'shell/tsconfig.server.json', SHELL_TOKEN: shellToken },
  );

  const within = (name, ready) =>
    ready().catch(() => {
      throw new Error(
        `${name} did not answer within ${START_TIMEOUT_MS / 60_000} minutes: its lines above say why.`,
      );
    });
  const answers = (url) => () => waitUntilAnswers(url, START_TIMEOUT_MS);
  await Promise.all([
    within('the API', () => api.untilHealthy(START_TIMEOUT_MS)),
    within('public-mfe', answers('http://localhost:4201/remoteEntry.js')),
    within("public-mfe's server build", answers('http://localhost:4201/server/remoteEntry.js')),
    within('admin-mfe', answers('http://localhost:4202/remoteEntry.js')),
  ]);
  // Asked last: a page asked for before the API answers is rendered in the browser, and says so.
  await within('the shell', () =>
    waitUntil(serverRendered, START_TIMEOUT_MS, 'the shell rendering the home page', 1000),
  );
  console.log(`
  Vitrine is running.

    Site:        ${site}/
    Sign in:     ${site}/login   (then the admin area opens on its overview)
    User name:   ${admin.username}
    Password:    ${admin.password}${admin.file ? `   (kept in ${path.relative(root, admin.file)})` : ''}
    API docs:    http://localhost:${apiPort}/api/docs

  A saved change to a front end rebuilds it and reloads its open pages; a change to the API
  takes effect at the next npm start. Press Ctrl+C to stop.
`);
}

main().catch((error) => {
  console.error(error.message);
  group.stop(1);
});
