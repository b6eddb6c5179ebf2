/**
 * An Idempotency-Key across two API processes on one database server, as behind a load
 * balancer: the save sent to A, its retry to B (A's answer was lost on the way).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startDatabase, type DatabaseProcess } from '@vitrine/testing';
import { login, startApiProcess, type ApiProcess } from './support/api-process';

jest.setTimeout(300_000);

describe('Idempotency-Key on two API instances', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-idem-'));
  let database: DatabaseProcess;
  let client: MongoClient;
  let a: ApiProcess;
  let b: ApiProcess;
  let token: string;

  beforeAll(async () => {
    database = await startDatabase({ dbPath: path.join(folder, 'db') });
    const uri = `${database.uri}vitrine`;
    [a, b] = await Promise.all(
      ['a', 'b'].map((name) =>
        startApiProcess({ MONGODB_URI: uri, DATA_DIR: path.join(folder, name) }, 240_000),
      ),
    );
    token = await login(a.url);
    client = await MongoClient.connect(uri);
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const addService = (api: ApiProcess, key: string) =>
    fetch(`${api.url}/api/service/`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({
        ServiceName: 'Block printing',
        ServiceCategory: 'Textiles',
        ServicePrice: '25000',
        ServiceStatus: 'Taking orders',
      }),
    });

  it("answers the retry on instance B with A's answer, and makes one service", async () => {
    const first = await addService(a, 'save-on-a');
    expect(first.status).toBe(201);
    const created = await first.json();

    const retry = await addService(b, 'save-on-a');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(created);
    expect(
      await client.db().collection('services').countDocuments({ ServiceName: 'Block printing' }),
    ).toBe(1);
  });
});
