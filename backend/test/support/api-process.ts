import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/**
 * The API from source in its own process, as `npm run start:api` runs it; `timeoutMs` for
 * its health check to answer (longer when it loads the demo content).
 */
export async function startApiProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ApiProcess> {
  const port = await freePort();
  let output = '';
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    JWT_SECRET: 'process-test-secret-process-test-secret',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password-for-tests',
    SEED_DEMO: 'false',
    BACKUP_KEEP: '0',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    ENQUIRY_RATE_LIMIT: '100000',
    SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json'),
    ...env,
  };
  if (!env.MONGODB_URI) delete childEnv.MONGODB_URI;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'backend/src/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => {
    if (child.exitCode !== null)
      throw new Error(`the API exited with ${child.exitCode}:\n${output}`);
    return (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
  }, timeoutMs);
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls `check` until it is true, failing after `timeoutMs` with what it last saw. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ UserName: 'admin', Password: 'admin-password-for-tests' }),
  });
  return ((await response.json()) as { token: string }).token;
}
