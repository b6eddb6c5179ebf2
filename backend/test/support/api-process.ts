import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { signIn, startApi } from '@vitrine/testing';

export { freePort, waitUntil } from '@vitrine/testing';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export const ADMIN = { UserName: 'admin', Password: 'admin-password-for-tests' };

const HELD_CLOCK_PRELOAD = path.join(__dirname, 'held-clock.preload.ts');

/**
 * PASSWORD_HASH_COST for an API given `env`: argon2 at its production cost takes most of a
 * second of a core per sign-in, and the sign-in tests alone make hundreds, so `low`; but
 * `standard` for an API started as production or development, which refuse `low`. Hashes
 * stay argon2id either way (passwords.service.spec.ts checks the production cost).
 */
export function testHashCost(env: Record<string, string>): 'low' | 'standard' {
  return (env.NODE_ENV ?? 'test') === 'test' ? 'low' : 'standard';
}

/**
 * The API from source in its own process, as `npm run start:api` runs it; `timeoutMs` for
 * its health check to answer. Seeding the demo content re-encodes every picture: minutes
 * when the two cores are busy with other work, as e2e's API is given. With `heldClock`, its
 * Clock can be held still by holdProcessClocks().
 */
export function startApiProcess(
  env: Record<string, string>,
  timeoutMs = 300_000,
  { heldClock = false } = {},
): Promise<ApiProcess> {
  return startApi({
    from: 'source',
    healthTimeoutMs: timeoutMs,
    preload: heldClock ? [HELD_CLOCK_PRELOAD] : [],
    env: {
      NODE_ENV: 'test',
      JWT_SECRET: 'process-test-secret-process-test-secret',
      ADMIN_USERNAME: ADMIN.UserName,
      ADMIN_PASSWORD: ADMIN.Password,
      PASSWORD_HASH_COST: testHashCost(env),
      SEED_DEMO: 'false',
      BACKUP_KEEP: '0',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      ENQUIRY_RATE_LIMIT: '100000',
      ...env,
    },
  });
}

/** The administrator's token from an API started by startApiProcess. */
export function login(url: string): Promise<string> {
  return signIn(url, ADMIN);
}

/**
 * Holds the clocks of APIs started with `{ heldClock: true }` at one moment (or lets them go,
 * with `undefined`), for tests of what is refused while a short wait runs (see holdClock()).
 */
export async function holdProcessClocks(apis: ApiProcess[], at: Date | undefined): Promise<void> {
  await Promise.all(
    apis.map(
      ({ child }) =>
        new Promise<void>((resolve, reject) => {
          const message = at ? { clock: 'hold', at: at.getTime() } : { clock: 'release' };
          const answered = (answer: { clock?: string }) => {
            if (answer.clock !== message.clock) return;
            child.off('message', answered);
            resolve();
          };
          child.on('message', answered);
          child.send(message, (error) => error && reject(error));
        }),
    ),
  );
}
