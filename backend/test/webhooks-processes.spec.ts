/**
 * Webhook deliveries across API processes: a kill -9 between the event and the delivery,
 * and two instances on one database, each event delivered once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDatabase, type DatabaseProcess } from '@vitrine/testing';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature';
import { login, startApiProcess, waitUntil, type ApiProcess } from './support/api-process';
import { startReceiver, type Receiver } from './support/webhook-receiver';

jest.setTimeout(300_000);

/** Calls the API as the administrator and answers status and JSON body. */
async function call(api: ApiProcess, token: string, method: string, route: string, body?: object) {
  const response = await fetch(`${api.url}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function exited(api: ApiProcess): Promise<void> {
  return new Promise((resolve) => {
    if (api.child.exitCode !== null || api.child.signalCode !== null) resolve();
    else api.child.once('exit', () => resolve());
  });
}

describe('a webhook delivery in flight when the API is killed', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-webhook-kill-'));
  let api: ApiProcess | undefined;
  let receiver: Receiver;

  afterAll(async () => {
    await api?.stop();
    await receiver?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is delivered after a restart, once its lease has run out', async () => {
    // The first request is held open: the API is killed while it waits for the answer.
    receiver = await startReceiver((_request, index) => (index === 0 ? 'hold' : 200));
    // The lease is three answer timeouts: 6 s here rather than production's 30 s, which this
    // test would otherwise wait out.
    const env = { DATA_DIR: dataDir, WEBHOOK_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '2000' };
    api = await startApiProcess(env);
    let token = await login(api.url);
    const endpoint = await call(api, token, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['product.created'],
    });
    expect(endpoint.status).toBe(201);
    const created = await call(api, token, 'POST', '/api/product/', {
      ProductName: 'Killed mid-send',
      ProductCategory: 'Linen',
    });
    expect(created.status).toBe(201);
    await waitUntil(async () => receiver.received.length >= 1, 30_000, 'the first attempt');
    api.child.kill('SIGKILL');
    await exited(api);

    api = await startApiProcess(env);
    token = await login(api.url);
    await waitUntil(async () => receiver.received.length >= 2, 90_000, 'the retry after restart');
    const [first, second] = receiver.received;
    expect(second.headers['vitrine-delivery']).toBe(first.headers['vitrine-delivery']);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(second.body).data).toMatchObject({ id: created.body._id });
    expect(
      verifyWebhookSignature(
        endpoint.body.secret,
        second.body,
        second.headers['vitrine-signature'] as string,
      ),
    ).toBe(true);
    const log = await call(api, token, 'GET', `/api/webhooks/${endpoint.body.id}/deliveries`);
    await waitUntil(
      async () =>
        (await call(api!, token, 'GET', `/api/webhooks/${endpoint.body.id}/deliveries`)).body[0]
          .status === 'delivered',
      10_000,
      'the log to say delivered',
    );
    expect(log.body).toHaveLength(1);
    const [after] = (await call(api, token, 'GET', `/api/webhooks/${endpoint.body.id}/deliveries`))
      .body;
    expect(after).toMatchObject({ status: 'delivered', attempts: 2, lastResponseCode: 200 });
  });
});

describe('webhooks with two API instances on one database', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-webhook-two-'));
  let database: DatabaseProcess;
  let a: ApiProcess;
  let b: ApiProcess;
  let receiver: Receiver;

  beforeAll(async () => {
    database = await startDatabase({ dbPath: path.join(folder, 'db') });
    const env = (name: string) => ({
      MONGODB_URI: `${database.uri}vitrine`,
      DATA_DIR: path.join(folder, name),
      MEDIA_STORAGE: 'gridfs',
      WEBHOOK_POLL_MS: '50',
    });
    [a, b] = await Promise.all([startApiProcess(env('a')), startApiProcess(env('b'))]);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    await database?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('delivers each event once, a publish-at moment included', async () => {
    const [tokenA, tokenB] = await Promise.all([login(a.url), login(b.url)]);
    const endpoint = await call(a, tokenA, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['*'],
    });
    expect(endpoint.status).toBe(201);
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const [api, token] = index % 2 ? [b, tokenB] : [a, tokenA];
        const created = await call(api, token, 'POST', '/api/product/', {
          ProductName: `Twin ${index}`,
          ProductCategory: 'Linen',
        });
        expect(created.status).toBe(201);
        ids.push(created.body._id);
      }),
    );
    // Visible in two seconds: both instances look for the moment, one announces it.
    const scheduled = await call(b, tokenB, 'POST', '/api/product/', {
      ProductName: 'Twin at dawn',
      ProductCategory: 'Linen',
      publishAt: new Date(Date.now() + 2000).toISOString(),
    });
    expect(scheduled.status).toBe(201);
    const published = () =>
      receiver.of('product.published').filter((one) => one.data.id === scheduled.body._id);
    await waitUntil(async () => published().length >= 1, 30_000, 'the scheduled publication');
    // Long enough for either instance to have sent anything twice.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    expect(published()).toHaveLength(1);
    const created = receiver.of('product.created').map((one) => one.data.id);
    expect(created.sort()).toEqual([...ids, scheduled.body._id].sort());
    const eventIds = receiver.received.map((one) => JSON.parse(one.body).id);
    expect(new Set(eventIds).size).toBe(eventIds.length);
    expect(receiver.received).toHaveLength(12);
  });
});
