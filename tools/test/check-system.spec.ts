import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// What `npm test` checks before any test: the system packages the tests need.
const { checkSystem } = require('../check-system.js');

const script = path.resolve(__dirname, '../check-system.js');

interface Requirement {
  package: string;
  neededBy: string;
  present: () => boolean;
}

/**
 * A machine where `installed` lists the packages present. `apt-get install` adds to it once
 * apt has package lists that are current (`lists`: none, as on a fresh Debian image; stale,
 * too old to find the packages; or current); `apt-get update` makes them current.
 */
function machine(
  installed: string[],
  {
    lists = 'current',
    aptWorks = true,
  }: { lists?: 'none' | 'stale' | 'current'; aptWorks?: boolean } = {},
) {
  const have = new Set(installed);
  let apt = lists;
  const requirements: Requirement[] = ['chromium', 'docker-compose', 'fonts-liberation'].map(
    (name) => ({ package: name, neededBy: 'a test', present: () => have.has(name) }),
  );
  const commands: string[] = [];
  const run = (command: string, args: string[], env: Record<string, string>) => {
    commands.push(`${env.DEBIAN_FRONTEND} ${command} ${args.join(' ')}`);
    if (!aptWorks) return 100;
    if (args[0] === 'update') apt = 'current';
    if (args[0] !== 'install') return 0;
    if (apt !== 'current') return 100;
    for (const name of args.filter((arg) => !arg.startsWith('-')).slice(1)) have.add(name);
    return 0;
  };
  const packageLists = () => apt !== 'none';
  const messages: string[] = [];
  const log = (message: string) => messages.push(message);
  return { requirements, run, packageLists, log, commands, messages };
}

const INSTALL = 'noninteractive apt-get install -y --no-install-recommends -qq';

describe('the check before the tests', () => {
  it('passes without a word or a command when nothing is missing', () => {
    const m = machine(['chromium', 'docker-compose', 'fonts-liberation']);
    expect(checkSystem({ ...m, isRoot: false })).toBe(true);
    expect([...m.commands, ...m.messages]).toEqual([]);
  });

  it('as root, installs what is missing with apt-get, non-interactively, and goes on', () => {
    const m = machine(['docker-compose']);
    expect(checkSystem({ ...m, isRoot: true })).toBe(true);
    expect(m.commands).toEqual([`${INSTALL} chromium fonts-liberation`]);
  });

  it('as root on a fresh Debian machine, fetches the package lists first', () => {
    const m = machine([], { lists: 'none' });
    expect(checkSystem({ ...m, isRoot: true })).toBe(true);
    expect(m.commands).toEqual([
      'noninteractive apt-get update -qq',
      `${INSTALL} chromium docker-compose fonts-liberation`,
    ]);
  });

  it('as root, refreshes package lists too old to find the packages, then installs', () => {
    const m = machine(['docker-compose', 'fonts-liberation'], { lists: 'stale' });
    expect(checkSystem({ ...m, isRoot: true })).toBe(true);
    expect(m.commands).toEqual([
      `${INSTALL} chromium`,
      'noninteractive apt-get update -qq',
      `${INSTALL} chromium`,
    ]);
  });

  it('as root, stops with the command when apt-get cannot install', () => {
    const m = machine([], { aptWorks: false });
    expect(checkSystem({ ...m, isRoot: true })).toBe(false);
    expect(m.messages.at(-1)).toMatch(
      /apt-get did not install chromium, docker-compose, fonts-liberation/,
    );
  });

  it('otherwise stops at once, running nothing, and prints the exact command to run', () => {
    const m = machine(['docker-compose'], { lists: 'none' });
    expect(checkSystem({ ...m, isRoot: false })).toBe(false);
    expect(m.commands).toEqual([]);
    expect(m.messages.join('\n')).toContain(
      'sudo apt-get update && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation',
    );
  });

  it('as a real process of a user other than root, exits 1 with the command, without Chromium', () => {
    // Run as "nobody" when the tests run as root, so the check cannot install anything; from
    // a copy nobody can read, as the clone may be in root's home.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-check-'));
    fs.chmodSync(dir, 0o755);
    const copy = path.join(dir, 'check-system.js');
    fs.copyFileSync(script, copy);
    fs.chmodSync(copy, 0o644);
    const result = spawnSync(process.execPath, [copy], {
      ...asNobody,
      cwd: dir,
      env: { PATH: process.env.PATH, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/chromium: for the browser tests/);
    expect(result.stderr).toMatch(/apt-get install -y --no-install-recommends chromium/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
