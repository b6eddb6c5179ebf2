#!/usr/bin/env node
// `npm run bench:build`: wall time of a full production build, without Nx's cache.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const started = process.hrtime.bigint();
const { status } = spawnSync(
  'npx',
  [
    'nx',
    'run-many',
    '-t',
    'build',
    '--projects=backend,shell,public-mfe,admin-mfe,static-server',
    '--skip-nx-cache',
    '--outputStyle=static',
  ],
  {
    cwd: path.resolve(__dirname, '..'),
    stdio: 'ignore',
  },
);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `\nBuild: npm run build (4 apps, no cache) took ${seconds.toFixed(1)} s${status ? ' and FAILED' : ''}`,
);
process.exit(status ?? 1);
