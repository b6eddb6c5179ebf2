import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORKSPACE_ROOT } from './api-process';
import { tiedSpawn } from './tied-spawn';

export interface DatabaseProcess {
  /** The server's URI, with the credentials it made for its folder. */
  uri: string;
  /** The server's process (for a test that kills it as a crash would). */
  child: ChildProcess;
  /** SIGTERM, then waits until the server has exited (its files closed). */
  stop(): Promise<void>;
}

/**
 * The embedded database server in a process of its own, as `npm run db` runs it: for tests
 * and benchmarks that start several API instances on one database, or stop it under one.
 * The child is the server itself (node, not npm and a shell), so `stop` returns once the
 * server has closed its files: a folder removed after an npm that had exited while the
 * server was still writing failed with ENOTEMPTY. With no `dbPath`, a fresh folder is made
 * and `stop` removes it; with no `port`, a free one is taken.
 */
export async function startDatabase(
  options: { dbPath?: string; port?: number } = {},
): Promise<DatabaseProcess> {
  const { dbPath, port = 0 } = options;
  const folder = dbPath ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-db-'));
  const server = tiedSpawn(
    [
      ...['-r', '@swc-node/register', 'libs/embedded-mongo/src/cli.ts'],
      ...['--port', String(port), '--dbpath', folder, '--quiet'],
    ],
    { cwd: WORKSPACE_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    if (!dbPath) fs.rmSync(folder, { recursive: true, force: true });
  };
  let output = '';
  const uri = await new Promise<string>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /embedded-mongo ready: (\S+)/.exec(output);
      if (ready) resolve(ready[1]);
    });
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the database exited:\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { uri, child: server, stop };
}
