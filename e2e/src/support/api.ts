import { signIn, startApi as startApiProcess, type ApiProcess } from '@vitrine/testing';
import { E2E_ADMIN, E2E_SHELL_TOKEN } from './stack';

// The API's trust in the shell's server in front of it, as npm start and serve:prod set it.
// eslint-disable-next-line @nx/enforce-module-boundaries
const { API_BEHIND_LOCAL_SHELL } = require('../../../tools/api-trust.js') as {
  API_BEHIND_LOCAL_SHELL: Record<string, string>;
};

export type RunningApi = ApiProcess;

/**
 * The production build of the API (dist/backend) on its embedded database, in a fresh data
 * folder, with the demo content loaded: what `npm start` gives a first-time user.
 */
export function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  return startApiProcess({
    from: 'dist',
    freshDataDir: 'vitrine-e2e-',
    env: {
      ...API_BEHIND_LOCAL_SHELL,
      NODE_ENV: 'production',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      ADMIN_USERNAME: E2E_ADMIN.UserName,
      ADMIN_PASSWORD: E2E_ADMIN.Password,
      SHELL_TOKEN: E2E_SHELL_TOKEN,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ENQUIRY_RATE_LIMIT: '1000',
      // The webhook tests' receiver listens on this machine's loopback address.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_POLL_MS: '200',
      // The insights are written at once, for the test that reads them.
      INSIGHTS_FLUSH_MS: '200',
      ...env,
    },
    // Seeding re-encodes every demo picture: minutes when the two cores are busy with other work.
    healthTimeoutMs: 300_000,
    killAfterMs: 5000,
  });
}

export function stopApi(api: RunningApi): Promise<void> {
  return api.stop();
}

/** Signs in through the API and returns the token, as the login page would store it. */
export function apiToken(apiUrl: string, credentials = E2E_ADMIN): Promise<string> {
  return signIn(apiUrl, credentials);
}
