import type { ChildProcess, StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { tiedSpawn } from './tied-spawn';
import { waitUntil } from './wait';

/** The workspace root (this file is libs/testing/src/lib/api-process.ts). */
export const WORKSPACE_ROOT = path.resolve(__dirname, '../../../..');

export interface Credentials {
  UserName: string;
  Password: string;
}

export interface ApiProcessOptions {
  /**
   * `dist`: the production build (dist/backend/main.js), as deployed; `source`:
   * backend/src/main.ts through @swc-node/register, as `npm run start:api` runs it.
   */
  from: 'dist' | 'source';
  /** Settings over the inherited environment. MONGODB_URI is inherited only when given here. */
  env?: NodeJS.ProcessEnv;
  /** Settings under the inherited environment (defaults the developer's env may override). */
  defaults?: NodeJS.ProcessEnv;
  /** Default: a free port. */
  port?: number;
  /** Makes a fresh DATA_DIR with this prefix in the temp folder, removed when the API stops. */
  freshDataDir?: string;
  /**
   * `capture` (default): kept for `output()`; `pipe`: the child's streams are left to the
   * caller; `stderr`: stdout dropped, stderr shown; `inherit`: both shown.
   */
  output?: 'capture' | 'pipe' | 'stderr' | 'inherit';
  /** Modules preloaded with `-r` (with an IPC channel, for a hook the caller talks to). */
  preload?: string[];
  /** After SIGTERM, SIGKILL when the API has not exited within this time. Default: wait. */
  killAfterMs?: number;
}

export interface ApiProcess {
  /** http://127.0.0.1:port, without a trailing slash. */
  url: string;
  port: number;
  child: ChildProcess;
  dataDir?: string;
  /** What the API printed so far (with `output: 'capture'`). */
  output(): string;
  /** Resolves when /api/health answers; fails if the API exits first or not in time. */
  untilHealthy(timeoutMs?: number): Promise<void>;
  signIn(credentials: Credentials): Promise<string>;
  /** SIGTERM, wait for the exit, remove the fresh data folder. */
  stop(): Promise<void>;
}

function stdioFor(options: ApiProcessOptions): StdioOptions {
  const ipc: 'ipc'[] = options.preload?.length ? ['ipc'] : [];
  if (options.output === 'stderr') return ['ignore', 'ignore', 'inherit', ...ipc];
  if (options.output === 'inherit') return ['ignore', 'inherit', 'inherit', ...ipc];
  return ['ignore', 'pipe', 'pipe', ...ipc];
}

/** Spawns the API and returns at once; `untilHealthy()` waits for it. */
export async function launchApi(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.freshDataDir
    ? fs.mkdtempSync(path.join(os.tmpdir(), options.freshDataDir))
    : undefined;
  const env: NodeJS.ProcessEnv = {
    ...options.defaults,
    ...process.env,
    ...options.env,
    PORT: String(port),
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  // The embedded database unless the caller names one.
  if (!options.env?.MONGODB_URI) delete env.MONGODB_URI;
  const preload = (options.preload ?? []).flatMap((module) => ['-r', module]);
  let args: string[];
  if (options.from === 'dist') {
    const main = path.join(WORKSPACE_ROOT, 'dist/backend/main.js');
    if (!fs.existsSync(main))
      throw new Error('dist/backend has no build: run `npx nx build backend` first');
    args = [...preload, main];
  } else {
    env.SWC_NODE_PROJECT = path.join(WORKSPACE_ROOT, 'backend/tsconfig.app.json');
    args = ['-r', '@swc-node/register', ...preload, 'backend/src/main.ts'];
  }
  // Stopped with this process, however it ends: a killed benchmark leaves no API behind.
  const child = tiedSpawn(args, {
    cwd: WORKSPACE_ROOT,
    env,
    stdio: stdioFor(options),
  });
  let output = '';
  if (options.output === undefined || options.output === 'capture') {
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  }
  const url = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  const stop = async () => {
    if (!exited()) {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      if (options.killAfterMs === undefined) await exit;
      else {
        // The wait's timer is cleared once the API has exited: left running, it would keep
        // a test runner alive for the rest of the wait after the last test.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          exit,
          new Promise((r) => (timer = setTimeout(r, options.killAfterMs))),
        ]);
        clearTimeout(timer);
        if (!exited()) child.kill('SIGKILL');
      }
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  return {
    url,
    port,
    child,
    dataDir,
    output: () => output,
    untilHealthy: (timeoutMs = 120_000) =>
      waitUntil(
        async () => {
          if (exited())
            throw new Error(`the API exited with ${child.exitCode ?? child.signalCode}`);
          const healthy = (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
          // Another process's server on the port (picked free, then taken by someone else
          // before this API bound it) is not this API: wait on, for it to bind or to exit.
          return healthy && listensOn(child.pid, port) !== false;
        },
        timeoutMs,
        'the API answering its health check',
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`.trimEnd());
      }),
    signIn: (credentials) => signIn(url, credentials),
    stop,
  };
}

/**
 * Starts the API and waits until it answers its health check; if it does not, it is
 * stopped and the error carries what it printed.
 */
export async function startApi(
  options: ApiProcessOptions & { healthTimeoutMs?: number },
): Promise<ApiProcess> {
  // A port picked free can be taken by another process before the API binds it, and the
  // API then exits (EADDRINUSE): once, it starts again on another.
  for (let attempt = 1; ; attempt++) {
    const api = await launchApi(options);
    try {
      await api.untilHealthy(options.healthTimeoutMs);
      return api;
    } catch (error) {
      const portTaken = options.port === undefined && attempt === 1 && portIsTaken(api);
      if (options.killAfterMs === undefined) api.child.kill('SIGKILL');
      await api.stop();
      if (!portTaken) throw error;
    }
  }
}

/** Whether the API exited because its port was taken (what it printed, or who listens). */
function portIsTaken(api: ApiProcess): boolean {
  if (api.child.exitCode === null && api.child.signalCode === null) return false;
  return /EADDRINUSE/.test(api.output()) || portInUse(api.port);
}

/**
 * Whether process `pid` holds the socket listening on `port` (Linux's /proc: the listening
 * socket's inode among the process's open files); undefined on a system without /proc. A
 * process whose files cannot be read has exited (and may be reaped before its 'exit' event
 * is seen): it holds nothing.
 */
function listensOn(pid: number | undefined, port: number): boolean | undefined {
  if (pid === undefined || !fs.existsSync('/proc/self/fd')) return undefined;
  try {
    const sockets = new Set<string>();
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      const target = readLink(`/proc/${pid}/fd/${fd}`);
      if (target?.startsWith('socket:[')) sockets.add(target.slice(8, -1));
    }
    return listeningInodes(port).some((inode) => sockets.has(inode));
  } catch {
    return false;
  }
}

/** Whether anything listens on `port` (Linux's /proc; false where it cannot be read). */
function portInUse(port: number): boolean {
  try {
    return listeningInodes(port).length > 0;
  } catch {
    return false;
  }
}

/** The inodes of the TCP sockets listening on `port`, IPv4 and IPv6. */
function listeningInodes(port: number): string[] {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && columns[3] === '0A' && columns[1].endsWith(hex)) {
        inodes.push(columns[9]);
      }
    }
  }
  return inodes;
}

function readLink(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}

/** Signs in through the API and returns the token, as the login page would store it. */
export async function signIn(apiUrl: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${apiUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
