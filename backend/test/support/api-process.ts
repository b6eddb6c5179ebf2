import type { ChildProcess } from 'node:child_process';
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

/**
 * The API from source in its own process, as `npm run start:api` runs it; `timeoutMs` for
 * its health check to answer. Seeding the demo content re-encodes every picture: minutes
 * when the two cores are busy with other work, as e2e's API is given.
 */
export function startApiProcess(
  env: Record<string, string>,
  timeoutMs = 300_000,
): Promise<ApiProcess> {
  return startApi({
    from: 'source',
    healthTimeoutMs: timeoutMs,
    env: {
      NODE_ENV: 'test',
      JWT_SECRET: 'process-test-secret-process-test-secret',
      ADMIN_USERNAME: ADMIN.UserName,
      ADMIN_PASSWORD: ADMIN.Password,
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
