import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

/** Preloaded into each tied child: it stops itself once its parent is gone (SIGKILL, a crash). */
export const EXIT_WITH_PARENT = path.join(__dirname, 'exit-with-parent.js');

const children = new Set<ChildProcess>();

/**
 * Spawns a Node.js process (`args` as for `node`) that lives no longer than this one: it is
 * sent SIGTERM when this process exits or is stopped by SIGINT, SIGTERM or SIGHUP, and it
 * stops itself when this process dies in a way nothing here can see (SIGKILL), through
 * exit-with-parent.js. Where a benchmark killed by `timeout` left its API running before.
 */
export function tiedSpawn(args: string[], options: SpawnOptions = {}): ChildProcess {
  stopChildrenWithThisProcess();
  const child = spawn(process.execPath, ['-r', EXIT_WITH_PARENT, ...args], {
    ...options,
    env: { ...(options.env ?? process.env), VITRINE_PARENT_PID: String(process.pid) },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

let installed = false;

function stopChildrenWithThisProcess(): void {
  if (installed) return;
  installed = true;
  const stopChildren = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stopChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      stopChildren();
      // Where nothing else handles the signal, this process ends of it as it would have
      // without this listener; otherwise the other handlers decide.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}
