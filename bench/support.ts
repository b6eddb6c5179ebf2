/**
 * What the benchmarks share: their command-line options, a free port, and the production
 * API build started on a fresh data directory with the demo content and an administrator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
// The workspace's test-process toolkit (bench is plain scripts, not an Nx project).
import { startApi as startApiProcess } from '../libs/testing/src';

export { freePort, launchBrowser, startDatabase, type DatabaseProcess } from '../libs/testing/src';

export const { API_MEMORY_ENV } = require('../tools/api-memory-env.js') as {
  API_MEMORY_ENV: Record<string, string>;
};

export const root = path.resolve(__dirname, '..');
export const ADMIN = { UserName: 'admin', Password: 'bench-admin-password' };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

type OptionValue = number | string | boolean | undefined;
type Options<T extends Record<string, OptionValue>> = {
  [Name in keyof T]: T[Name] extends number
    ? number
    : T[Name] extends boolean
      ? boolean
      : T[Name] extends string
        ? string
        : string | undefined;
};

/**
 * The command line's options, read with node:util's parseArgs: one `--name value` for each
 * name in `defaults`, a number or a string as its default is, a bare `--name` switch where
 * the default is `false`, and a string that may be left out where it is `undefined`. An
 * option not listed, or a number that is not one, fails before anything is started, rather
 * than a misspelt option running minutes of benchmark on its default.
 */
export function readOptions<T extends Record<string, OptionValue>>(defaults: T): Options<T> {
  const names = Object.keys(defaults);
  const { values } = parseArgs({
    options: Object.fromEntries(
      names.map((name) => [
        name,
        { type: typeof defaults[name] === 'boolean' ? 'boolean' : 'string' } as const,
      ]),
    ),
    strict: true,
  });
  const read = (name: string): OptionValue => {
    const given = values[name];
    if (given === undefined || typeof defaults[name] !== 'number') return given ?? defaults[name];
    const number = Number(given);
    if (given === '' || !Number.isFinite(number))
      throw new Error(`--${name} takes a number, not ${JSON.stringify(given)}`);
    return number;
  };
  return Object.fromEntries(names.map((name) => [name, read(name)])) as Options<T>;
}

export interface RunningApi {
  /** http://127.0.0.1:port, without a trailing slash. */
  base: string;
  pid: number;
  /** The administrator's bearer token. */
  token: string;
  /** Its DATA_DIR (the embedded database's files are in db/ there). */
  dataDir?: string;
  /**
   * With `profile: true`: sends a message to bench/profile-hook.js inside the API and
   * resolves with its answer (CPU profile start/stop, heap snapshot, memory usage).
   */
  ask(message: object): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/**
 * Starts dist/backend/main.js on the embedded database (or on `mongodbUri`) and waits until
 * it answers its health check; `env` adds or overrides settings (e.g. rate limits);
 * `profile` preloads bench/profile-hook.js, which `ask` then drives.
 */
export async function startApi(
  options: { env?: NodeJS.ProcessEnv; mongodbUri?: string; profile?: boolean } = {},
): Promise<RunningApi> {
  const api = await startApiProcess({
    from: 'dist',
    freshDataDir: 'vitrine-bench-',
    output: 'stderr',
    preload: options.profile ? [path.join(__dirname, 'profile-hook.js')] : [],
    // The malloc settings the API runs with in production (the Dockerfile) and npm start.
    defaults: API_MEMORY_ENV,
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
      ADMIN_USERNAME: ADMIN.UserName,
      ADMIN_PASSWORD: ADMIN.Password,
      SEED_DEMO: 'true',
      // No backup at start: it would run alongside what is measured.
      BACKUP_KEEP: '0',
      // Production's level: every request's line is written (to /dev/null here), as it costs.
      LOG_LEVEL: 'info',
      ...options.env,
      MONGODB_URI: options.mongodbUri,
    },
    healthTimeoutMs: 300_000,
  });
  const child = api.child;
  const ask = (message: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      if (!child.send) return reject(new Error('start the API with { profile: true } to ask it'));
      child.once('message', (answer: Record<string, unknown>) =>
        answer.error ? reject(new Error(String(answer.error))) : resolve(answer),
      );
      child.send(message);
    });
  try {
    const token = await api.signIn(ADMIN);
    if (child.pid === undefined) throw new Error('the API did not start');
    return { base: api.url, pid: child.pid, token, dataDir: api.dataDir, ask, stop: api.stop };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

/**
 * A process's resident memory now and the most it has held, in MiB (Linux's /proc: VmRSS
 * and VmHWM); undefined where there is no /proc.
 */
export function residentMemory(pid: number): { now: number; peak: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Tops the catalogue up to `count` products (the demo content has about 35). */
export async function fillProducts(api: RunningApi, count: number): Promise<void> {
  const { base, token } = api;
  const existing = Number((await fetch(`${base}/api/product`)).headers.get('x-total-count'));
  for (let i = existing; i < count; i++) {
    await fetch(`${base}/api/product/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        ProductName: `Bench fabric ${i}`,
        ProductCategory: 'Cotton',
        ProductPrice: 100 + i,
        ProductHeading: 'For the benchmark',
      }),
    });
  }
}

/** Runs a benchmark's main function; a failure is printed and exits with 1. */
export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
