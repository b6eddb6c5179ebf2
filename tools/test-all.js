#!/usr/bin/env node
// `npm test`: everything CI checks, in order, stopping at nothing so that one run shows
// every failure; exits non-zero if any step failed. First, what the machine must provide.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { checkSystem } = require('./check-system');

const root = path.resolve(__dirname, '..');

// Chromium, docker-compose and fonts: installed now when run as root, else stop at once.
if (!checkSystem()) process.exit(1);

const resultsDir = path.join(root, 'tmp/test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });

// --skip-nx-cache: CI must run every test, not replay results cached on this machine.
const nx = (args) => ['npx', ['nx', ...args, '--outputStyle=static', '--skip-nx-cache']];
const steps = [
  ['format', ['npx', ['prettier', '--check', '.', '--log-level', 'warn']]],
  ['API client matches the API', ['node', ['tools/generate-api-client.js', '--check']]],
  ['API contract keeps its promises', ['npm', ['run', '--silent', 'api:contract']]],
  [
    'lint, type check, unit and API tests',
    nx(['run-many', '-t', 'lint', 'typecheck', 'test', '--parallel=2']),
  ],
  ['browser tests', nx(['run', 'e2e:e2e'])],
];

// One run from start to end, as CI runs it: no Nx daemon left behind, no Nx Cloud.
const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...process.env };
const failedSteps = [];
/** Each step's test result files (tmp/test-results/<project>.json), for the slowest files. */
const stepResults = new Map();
const resultFiles = () => (fs.existsSync(resultsDir) ? fs.readdirSync(resultsDir) : []);
for (const [name, [command, args]] of steps) {
  const before = new Set(resultFiles());
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  console.log(
    `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (status !== 0) failedSteps.push(name);
  const written = resultFiles().filter((file) => !before.has(file));
  if (written.length) stepResults.set(name, written);
}

const readResult = (file) => JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8'));

// Where the time goes, for whoever makes CI faster next: the slowest test files of each step.
const SLOWEST = 15;
for (const [name, files] of stepResults) {
  const timed = files.flatMap((file) => readResult(file).files ?? []);
  timed.sort((a, b) => b.seconds - a.seconds);
  console.log(`\nSlowest test files in "${name}" (of ${timed.length}):`);
  for (const { file, seconds } of timed.slice(0, SLOWEST)) {
    console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const projects = resultFiles();
for (const file of projects) {
  const result = readResult(file);
  for (const key of Object.keys(totals)) totals[key] += result[key];
}
console.log(
  `\nTest projects reported: ${projects.map((f) => f.replace(/\.json$/, '')).join(', ')}`,
);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
