#!/usr/bin/env node
// `npm test`: everything CI checks, in order, stopping at nothing so that one run shows
// every failure; exits non-zero if any step failed. First, what the machine must provide.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { checkSystem, REQUIREMENTS } = require('./check-system');

const root = path.resolve(__dirname, '..');

// Chromium, docker-compose and fonts: when run as root, installed beside the API tests and
// the production builds, which need none of it (on a fresh machine apt-get takes a minute or
// two, mostly downloading); the browser tests and the docker-compose check start after the
// builds, once it is done. Without root, stop at once with the command to run.
const missingSystem = REQUIREMENTS.filter((requirement) => !requirement.present());
if (missingSystem.length && process.getuid?.() !== 0 && !checkSystem()) process.exit(1);

const resultsDir = path.join(root, 'tmp/test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });

// --skip-nx-cache: CI must run every test, not replay results cached on this machine.
const nx = (args) => ['npx', ['nx', ...args, '--outputStyle=static', '--skip-nx-cache']];
/** At a lower priority (`by`, from 0 to 19): the step takes what higher ones leave idle. */
const niced = ([command, args], by = 10) => ['nice', ['-n', String(by), command, ...args]];

// The API tests and the browser tests are the longest tasks (some 19 minutes each here,
// side by side), so they run beside each other: the API tests from the start, the browser
// tests as soon as the production builds they run are made (first, at normal priority).
// The browser tests are one file after another, each mostly waiting on pages in Chromium
// and the stack's servers, and they were the last to end: they keep normal priority. The
// API tests (two files at a time, each busy on its own app) are niced a little, so that
// they take the cores whenever the browser tests wait; every other step runs niced more,
// in the time both leave idle. (Nx starts a task for an app after those of every library
// others depend on, which is why these are started here and not by one run-many.)
/** [name, command, the result file its jest run writes] */
const apiTests = ['API tests', niced(nx(['run', 'backend:test']), 5), 'backend.json'];
const browserTests = [
  'browser tests',
  nx(['run', 'e2e:e2e', '--excludeTaskDependencies']),
  'e2e.json',
];
const systemInstall = [
  'installing what the browser tests need',
  ['node', ['tools/check-system.js']],
  'check-system.json',
];
const builds = [
  'production builds',
  nx(['run-many', '-t', 'build', '--projects=backend,shell,public-mfe,admin-mfe', '--parallel=2']),
];
const steps = [
  ['format', niced(['npx', ['prettier', '--check', '.', '--log-level', 'warn']])],
  ['API client matches the API', niced(['node', ['tools/generate-api-client.js', '--check']])],
  ['API contract keeps its promises', niced(['npm', ['run', '--silent', 'api:contract']])],
  [
    'lint, type check and unit tests',
    niced(nx(['run-many', '-t', 'lint', 'typecheck', 'test', '--exclude=backend', '--parallel=2'])),
  ],
  [
    'lint and type check of the API',
    niced(nx(['run-many', '-t', 'lint', 'typecheck', '--projects=backend'])),
  ],
];

// One run from start to end, as CI runs it: no Nx daemon left behind, no Nx Cloud.
const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...process.env };
const failedSteps = [];
/** Each step's test result files (tmp/test-results/<project>.json), for the slowest files. */
const stepResults = new Map();
const resultFiles = () => (fs.existsSync(resultsDir) ? fs.readdirSync(resultsDir) : []);
const elapsed = (since, until) => `${((until - since) / 1000).toFixed(0)} s`;
// CI's two cores are the limit, so each step says how much CPU it used: Linux adds a child's
// time, with that of every descendant it waited for, to ours once we reap it (cutime + cstime
// in /proc/self/stat, in 1/100 s). A background step is reaped only while no step runs beside
// it (spawnSync holds the event loop), so what was added since the last reading is its own.
let cpuRead = 0;
function cpuSinceLastReading() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const total = (Number(fields[13]) + Number(fields[14])) / 100;
  const since = total - cpuRead;
  cpuRead = total;
  return since;
}
/** What the background steps write, which the steps beside them must not take for theirs. */
const backgroundResults = new Set([apiTests[2], browserTests[2]]);

function finished(name, status, started, results, cpu, ended = Date.now()) {
  const outcome = `${status === 0 ? 'ok' : 'FAILED'} in ${elapsed(started, ended)}`;
  console.log(`=== ${name}: ${outcome}, ${cpu.toFixed(0)} s of CPU`);
  if (status !== 0) failedSteps.push(name);
  if (results.length) stepResults.set(name, results);
}

// A background step's output is held and printed once it has ended, as Nx prints a task's:
// in a file, not a pipe, which nothing would read while a step beside it runs (spawnSync),
// and which would stop the step at its first 64 KiB once full.
function startBackground([name, [command, args], result]) {
  console.log(`\n=== ${name} (beside the next steps): ${command} ${args.join(' ')}`);
  const started = Date.now();
  const logs = path.join(root, 'tmp/test-logs');
  fs.mkdirSync(logs, { recursive: true });
  const log = path.join(logs, result.replace(/\.json$/, '.log'));
  const fd = fs.openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  const exit = new Promise((resolve) => {
    child.on('error', () => resolve({ code: 1, cpu: 0, ended: Date.now() }));
    child.on('exit', (code) =>
      resolve({ code: code ?? 1, cpu: cpuSinceLastReading(), ended: Date.now() }),
    );
  });
  return { name, started, log, exit, result };
}

function runStep([name, [command, args]]) {
  const before = new Set(resultFiles());
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  cpuSinceLastReading();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const written = resultFiles().filter((f) => !before.has(f) && !backgroundResults.has(f));
  finished(name, status, started, written, cpuSinceLastReading());
}

/** Waits for a background step and prints its output and outcome. */
async function reap({ name, started, log, exit, result }) {
  const { code, cpu, ended } = await exit;
  console.log(`\n=== ${name}, started beside the steps above:`);
  process.stdout.write(fs.readFileSync(log));
  finished(name, code, started, resultFiles().includes(result) ? [result] : [], cpu, ended);
}

async function main() {
  const system = missingSystem.length ? startBackground(systemInstall) : null;
  const running = [startBackground(apiTests)];
  runStep(builds);
  if (system) await reap(system);
  running.push(startBackground(browserTests));
  for (const step of steps) runStep(step);
  for (const step of running) await reap(step);
  report();
}

function report() {
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
  const failures = projects.flatMap((file) => readResult(file).failures ?? []);
  if (failures.length) console.log('\nFailed tests:');
  for (const { file, test } of failures) console.log(`  ${file}: ${test}`);
  if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(failedSteps.length || totals.failed ? 1 : 0);
}

const readResult = (file) => JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8'));

main();
