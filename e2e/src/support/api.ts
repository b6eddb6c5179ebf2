import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { E2E_ADMIN, root } from './stack';

export interface RunningApi {
  url: string;
  dataDir: string;
  process: ChildProcess;
  log: () => string;
}

/**
 * The production build of the API (dist/backend) on its embedded database, in a fresh data
 * folder, with the demo content loaded: what `npm start` gives a first-time user.
 */
export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  const main = path.join(root, 'dist/backend/main.js');
  if (!fs.existsSync(main))
    throw new Error('dist/backend has no build: run `npx nx build backend` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  let output = '';
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    ADMIN_USERNAME: E2E_ADMIN.UserName,
    ADMIN_PASSWORD: E2E_ADMIN.Password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    ENQUIRY_RATE_LIMIT: '1000',
    ...env,
  };
  // The embedded database unless the caller names one.
  if (!env.MONGODB_URI) delete childEnv.MONGODB_URI;
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Seeding re-encodes every demo picture: minutes when the two cores are busy with other work.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The API exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, dataDir, process: child, log: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The API did not start within 300 s:\n${output}`);
}

export async function stopApi(api: RunningApi): Promise<void> {
  if (api.process.exitCode === null) {
    const exited = new Promise((resolve) => api.process.once('exit', resolve));
    api.process.kill('SIGTERM');
    // The wait's timer is cleared once the API has exited: left running, it would keep the
    // test runner alive for the rest of the 5 s after the last test.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
    if (api.process.exitCode === null) api.process.kill('SIGKILL');
  }
  fs.rmSync(api.dataDir, { recursive: true, force: true });
}

/** Signs in through the API and returns the token, as the login page would store it. */
export async function apiToken(apiUrl: string, credentials = E2E_ADMIN): Promise<string> {
  const response = await fetch(`${apiUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
