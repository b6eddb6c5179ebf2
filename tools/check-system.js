#!/usr/bin/env node
// What `npm test` needs from the machine beyond node_modules, checked before any test runs.
// Run as root (CI on a fresh Debian machine), it installs what is missing with apt-get;
// otherwise it stops at once and prints the command to run, rather than failing half an
// hour later in the browser tests.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const executable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};
const onPath = (command) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && executable(path.join(dir, command)));

/** Debian packages, each with what needs it and how to tell it is there. */
const REQUIREMENTS = [
  {
    package: 'chromium',
    neededBy: 'the browser tests (CHROMIUM_PATH, or /usr/bin/chromium)',
    present: () => executable(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
  },
  {
    package: 'docker-compose',
    neededBy: 'the check of docker-compose.yml',
    present: () => onPath('docker-compose'),
  },
  {
    package: 'fonts-liberation',
    neededBy: "the browser tests' text",
    present: () => fs.existsSync('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'),
  },
  {
    package: 'fonts-noto-core',
    neededBy: "the browser tests' Hindi (Noto Sans Devanagari, as visitors' phones have it)",
    present: () => fs.existsSync('/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf'),
  },
  {
    package: 'fonts-noto-color-emoji',
    neededBy: "the browser tests' emoji",
    present: () => fs.existsSync('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'),
  },
];

const INSTALL = ['install', '-y', '--no-install-recommends'];
const installCommand = (packages, sudo = '') =>
  `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get ${INSTALL.join(' ')} ${packages.join(' ')}`;

/** Whether apt has package lists at all: a fresh Debian image has none until `apt-get update`. */
const APT_LISTS = '/var/lib/apt/lists';
const hasPackageLists = () => {
  try {
    return fs.readdirSync(APT_LISTS).some((name) => /_Packages(\.\w+)?$/.test(name));
  } catch {
    return false;
  }
};

const runCommand = (command, args, env) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

/**
 * Checks the requirements; as root installs the missing ones. Returns true when all are
 * there. `run(command, args, env)` runs a command and gives its exit status.
 */
function checkSystem({
  requirements = REQUIREMENTS,
  isRoot = process.getuid?.() === 0,
  run = runCommand,
  packageLists = hasPackageLists,
  log = console.error,
} = {}) {
  const missing = requirements.filter((requirement) => !requirement.present());
  if (missing.length === 0) return true;
  const packages = missing.map((requirement) => requirement.package);
  const list = missing.map(
    (requirement) => `  ${requirement.package}: for ${requirement.neededBy}`,
  );
  if (!isRoot) {
    log(
      [
        'npm test needs what this machine lacks:',
        ...list,
        'Install it, then run npm test again:',
        `  ${installCommand(packages, 'sudo ')}`,
      ].join('\n'),
    );
    return false;
  }
  log(['Installing what npm test needs:', ...list].join('\n'));
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = () => run('apt-get', ['update', '-qq'], env) === 0;
  const install = () => run('apt-get', [...INSTALL, '-qq', ...packages], env) === 0;
  // Lists first where there are none; lists too old to find a package are refreshed once.
  const updated = !packageLists() && update();
  if (!install() && !updated && update()) install();
  const still = requirements.filter((requirement) => !requirement.present());
  if (still.length === 0) return true;
  const names = still.map((requirement) => requirement.package);
  log(
    `apt-get did not install ${names.join(', ')}; see above, or try:\n  ${installCommand(names)}`,
  );
  return false;
}

module.exports = { checkSystem, REQUIREMENTS };

if (require.main === module) process.exit(checkSystem() ? 0 : 1);
