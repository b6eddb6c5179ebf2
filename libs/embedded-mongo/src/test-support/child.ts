/** Runs the CLI (TypeScript, through @swc-node/register) as a child process, like `npm run db` does. */
import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

export interface ServerProcess {
  proc: ChildProcess;
  uri: string;
  output: () => string;
  exited: Promise<number | null>;
}

const CLI = path.resolve(__dirname, '../cli.ts');
const TSCONFIG = path.resolve(__dirname, '../../tsconfig.lib.json');

function launch(
  args: string[],
  wrap: (command: string[]) => [string, string[]] = ([command, ...rest]) => [command, rest],
): {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const [command, commandArgs] = wrap([
    process.execPath,
    '-r',
    require.resolve('@swc-node/register'),
    CLI,
    ...args,
  ]);
  const proc = spawn(command, commandArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SWC_NODE_PROJECT: TSCONFIG },
  });
  let out = '';
  proc.stdout?.on('data', (chunk) => (out += chunk.toString()));
  proc.stderr?.on('data', (chunk) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

export async function startServerProcess(
  dbPath: string,
  extra: string[] = [],
): Promise<ServerProcess> {
  return waitReady(launch(['--port', '0', '--dbpath', dbPath, ...extra]));
}

/**
 * Starts the server as the child of a shell that then becomes `sleep` and never reaps it: once
 * killed, the server stays a zombie (as it does for a moment under any parent) until `proc`, the
 * sleeping parent, is killed.
 */
export async function startServerUnderIdleParent(dbPath: string): Promise<ServerProcess> {
  return waitReady(
    launch(['--port', '0', '--dbpath', dbPath], (command) => [
      'sh',
      ['-c', '"$0" "$@" & exec sleep 600', ...command],
    ]),
  );
}

async function waitReady({
  proc,
  output,
  exited,
}: ReturnType<typeof launch>): Promise<ServerProcess> {
  const uri = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output()}`)),
      30_000,
    );
    const check = () => {
      const ready = /embedded-mongo ready: (mongodb:\/\/\S+)/.exec(output());
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    proc.stdout?.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output()}`));
    });
  });
  return { proc, uri, output, exited };
}

/** Runs the CLI expecting it to fail; resolves with its exit code and output. */
export async function runFailingServer(
  dbPath: string,
): Promise<{ code: number | null; output: string }> {
  const { output, exited, proc } = launch(['--port', '0', '--dbpath', dbPath]);
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}
