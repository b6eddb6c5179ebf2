import http from 'node:http';
import { type ApiProcessOptions, launchApi, startApi } from '@vitrine/testing';
// The very module api-process.ts picks its ports with, to hand it a taken one.
// eslint-disable-next-line @nx/enforce-module-boundaries
import * as ports from '../../libs/testing/src/lib/ports';

jest.mock('../../libs/testing/src/lib/ports', () => {
  const actual = jest.requireActual('../../libs/testing/src/lib/ports');
  return { ...actual, freePort: jest.fn(actual.freePort) };
});

const API: ApiProcessOptions = {
  from: 'source',
  freshDataDir: 'vitrine-api-process-',
  env: {
    NODE_ENV: 'test',
    JWT_SECRET: 'api-process-secret-api-process-secret-api',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'api-process-admin-password',
    SEED_DEMO: 'false',
    BACKUP_KEEP: '0',
    LOG_LEVEL: 'warn',
  },
};

/** Another process's server on a port, answering every health check as an API would. */
async function impostor(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => response.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('an API started for a test or a benchmark', () => {
  it('is not taken to be up when another server answers on its port', async () => {
    const other = await impostor();
    const api = await launchApi({ ...API, port: other.port });
    try {
      // The other server answers at once; this API cannot bind the port and exits.
      await expect(api.untilHealthy(120_000)).rejects.toThrow(/the API exited/);
    } finally {
      await api.stop();
      await other.close();
    }
  });

  it('starts again on another port when the one it was given is taken meanwhile', async () => {
    const other = await impostor();
    // The port is picked free, and another process takes it before the API binds it.
    jest.mocked(ports.freePort).mockResolvedValueOnce(other.port);
    const api = await startApi({ ...API, healthTimeoutMs: 120_000 });
    try {
      expect(api.port).not.toBe(other.port);
      expect(await (await fetch(`${api.url}/api/health`)).json()).toMatchObject({
        status: 'ok',
        database: 'up',
      });
    } finally {
      await api.stop();
      await other.close();
    }
  });
});
