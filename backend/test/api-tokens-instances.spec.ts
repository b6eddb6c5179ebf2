/**
 * API tokens on two API processes sharing one database, as a studio runs them behind a load
 * balancer: what one instance is told (revoke, renew) the other enforces at the next
 * request, expiry holds on both, a token's rate limit is counted once for both, and no
 * secret reaches either process's log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDatabase, type DatabaseProcess } from '@vitrine/testing';
import { holdProcessClocks, login, startApiProcess, type ApiProcess } from './support/api-process';

jest.setTimeout(300_000);

const DAY_MS = 86_400_000;

describe('API tokens on two API instances', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-tokens-'));
  let database: DatabaseProcess;
  let a: ApiProcess;
  let b: ApiProcess;
  let admin: string;
  /** Every secret the tests were given, to look for in the logs. */
  const secrets: string[] = [];

  const call = (api: ApiProcess, route: string, token: string, init: RequestInit = {}) =>
    fetch(`${api.url}${route}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        ...(init.headers as Record<string, string>),
      },
    });
  const statusOn = async (api: ApiProcess, token: string) =>
    (await call(api, '/api/enquiries/stats', token)).status;

  async function createToken(body: Record<string, unknown>) {
    const response = await call(a, '/api/tokens', admin, {
      method: 'POST',
      body: JSON.stringify({ rights: 'read-only', expiresInDays: 30, ...body }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; token: string };
    secrets.push(created.token);
    return created;
  }

  beforeAll(async () => {
    database = await startDatabase({ dbPath: path.join(folder, 'db') });
    const env = (name: string) => ({
      MONGODB_URI: `${database.uri}vitrine`,
      DATA_DIR: path.join(folder, name),
      // Request lines are written at info: the log test needs them.
      LOG_LEVEL: 'info',
    });
    [a, b] = await Promise.all(
      ['a', 'b'].map((name) => startApiProcess(env(name), 240_000, { heldClock: true })),
    );
    admin = await login(a.url);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a token revoked on A at its next request on A and on B', async () => {
    const { id, token } = await createToken({ name: 'Static mirror' });
    expect([await statusOn(a, token), await statusOn(b, token)]).toEqual([200, 200]);

    const revoked = await call(a, `/api/tokens/${id}`, admin, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect([await statusOn(a, token), await statusOn(b, token)]).toEqual([401, 401]);
    const answer = (await (await call(b, '/api/product', token)).json()) as { message: string };
    expect(answer.message).toMatch(/not valid/);
  });

  it('refuses the old secret of a token renewed on B on both, and takes the new one', async () => {
    const { id, token } = await createToken({ name: 'Marketplace feed' });
    const renewed = await call(b, `/api/tokens/${id}/renew`, admin, { method: 'POST', body: '{}' });
    expect(renewed.status).toBe(200);
    const { token: fresh } = (await renewed.json()) as { token: string };
    secrets.push(fresh);
    expect([await statusOn(a, token), await statusOn(b, token)]).toEqual([401, 401]);
    expect([await statusOn(a, fresh), await statusOn(b, fresh)]).toEqual([200, 200]);
  });

  it('refuses an expired token on both instances, and keeps the signed-in administrator', async () => {
    const { token } = await createToken({ name: 'Weekly export', expiresInDays: 7 });
    expect([await statusOn(a, token), await statusOn(b, token)]).toEqual([200, 200]);
    await holdProcessClocks([a, b], new Date(Date.now() + 8 * DAY_MS));
    try {
      expect([await statusOn(a, token), await statusOn(b, token)]).toEqual([401, 401]);
      const answer = (await (await call(b, '/api/enquiries/stats', token)).json()) as {
        message: string;
      };
      expect(answer.message).toMatch(/expired on/);
      expect([await statusOn(a, admin), await statusOn(b, admin)]).toEqual([200, 200]);
    } finally {
      await holdProcessClocks([a, b], undefined);
    }
  });

  it("counts a token's rate limit once for both instances", async () => {
    const { token } = await createToken({ name: 'Catalogue sync', rateLimitPerMinute: 4 });
    const statuses = [];
    for (const api of [a, b, a, b, a, b]) statuses.push(await statusOn(api, token));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const over = await call(b, '/api/enquiries/stats', token);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect([await statusOn(a, admin), await statusOn(b, admin)]).toEqual([200, 200]);
  });

  it('writes no token to either log, though it logs the requests that carried them', async () => {
    const logs = a.output() + b.output();
    expect(logs).toMatch(/\/api\/enquiries\/stats/);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(logs).not.toContain(secret.slice(4));
    expect(logs).not.toMatch(/authorization/i);
    expect(logs).not.toContain(admin);
  });
});
