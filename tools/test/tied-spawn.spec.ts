import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitUntil } from '@vitrine/testing';

const PARENT = path.join(__dirname, 'fixtures/tied-parent.js');
const ROOT = path.resolve(__dirname, '../..');

/** Whether the process runs: a zombie (dead, not yet collected) does not. */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Starts the fixture parent and resolves with what it started, once it says so. */
function startParent(kind: 'api' | 'sleeper'): Promise<{
  parent: ChildProcess;
  child: { pid: number; dataDir?: string };
}> {
  const parent = spawn(process.execPath, [PARENT, kind], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    parent.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve({ parent, child: JSON.parse(output) });
    });
    parent.once('exit', (code) => reject(new Error(`the parent exited with ${code}`)));
  });
}

/** Kills the parent with `signal` and waits for its exit. */
async function kill(parent: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    parent.once('exit', (_code, by) => resolve(by)),
  );
  parent.kill(signal);
  return exited;
}

describe('processes started through @vitrine/testing live no longer than their parent', () => {
  const started: number[] = [];
  afterEach(() => {
    // Whatever the test found, nothing it started outlives it.
    for (const pid of started.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
  });

  it('stops the API when its parent is stopped with SIGTERM (a benchmark under `timeout`)', async () => {
    const { parent, child } = await startParent('api');
    started.push(parent.pid as number, child.pid);
    try {
      expect(running(child.pid)).toBe(true);
      // The parent still dies of the signal, as it would without a handler of its own.
      expect(await kill(parent, 'SIGTERM')).toBe('SIGTERM');
      await waitUntil(async () => !running(child.pid), 15_000, 'the API exiting');
    } finally {
      if (child.dataDir) fs.rmSync(child.dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('stops a child whose parent is killed outright (SIGKILL), which no handler sees', async () => {
    const { parent, child } = await startParent('sleeper');
    started.push(parent.pid as number, child.pid);
    expect(running(child.pid)).toBe(true);
    expect(await kill(parent, 'SIGKILL')).toBe('SIGKILL');
    await waitUntil(async () => !running(child.pid), 10_000, 'the orphaned child exiting');
  }, 60_000);
});
