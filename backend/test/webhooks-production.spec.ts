/** What webhooks refuse in production: anything but https, and every non-public address. */
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { WebhookEndpoint } from '../src/webhooks/schemas/webhook-endpoint.schema';
import { waitUntil } from './support/api-process';
import { bearer, useTestApp } from './support/test-app';
import { startReceiver } from './support/webhook-receiver';

describe('webhooks in production', () => {
  const t = useTestApp({ NODE_ENV: 'production', WEBHOOK_POLL_MS: '50' });

  it.each([
    ['http to a public address', 'http://93.184.216.34/hooks', /https/],
    ['http to loopback', 'http://127.0.0.1:9/hooks', /https/],
    ['a loopback address', 'https://127.0.0.1/hooks', /may not reach/],
    ['a name that resolves to 127.0.0.1', 'https://localhost/hooks', /may not reach/],
    ['IPv6 loopback', 'https://[::1]/hooks', /may not reach/],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hooks', /may not reach/],
    ['a private network', 'https://192.168.1.20/hooks', /may not reach/],
    ['the cloud metadata address', 'https://169.254.169.254/latest', /may not reach/],
    ['a unique-local IPv6 address', 'https://[fd00::1]/hooks', /may not reach/],
    ['a multicast address', 'https://224.0.0.1/hooks', /may not reach/],
    ['the unspecified address', 'https://0.0.0.0/hooks', /may not reach/],
  ])('refuses %s with a 400 naming url, and stores nothing', async (_name, url, message) => {
    const auth = bearer(t.adminToken);
    const response = await t.api
      .post('/api/webhooks')
      .set(auth)
      .send({ url, events: ['*'] })
      .expect(400);
    expect(response.body.errors.url).toMatch(message);
    expect((await t.api.get('/api/webhooks').set(auth).expect(200)).body).toEqual([]);
  });

  it('checks the address again at each delivery: a name that now resolves to loopback gets nothing', async () => {
    const auth = bearer(t.adminToken);
    const receiver = await startReceiver();
    try {
      // As if the name had resolved to a public address at registration and to the receiver
      // on this machine since: stored behind the API's back.
      const endpoints = t.app.get<Model<WebhookEndpoint>>(getModelToken(WebhookEndpoint.name));
      const port = new URL(receiver.url).port;
      const stored = await endpoints.create({
        url: `https://localhost:${port}/hooks`,
        events: ['*'],
        secret: 'whsec_test',
      });
      await t.api
        .post(`/api/webhooks/${String(stored._id)}/test`)
        .set(auth)
        .expect(201);
      const log = async () =>
        (
          await t.api
            .get(`/api/webhooks/${String(stored._id)}/deliveries`)
            .set(auth)
            .expect(200)
        ).body[0];
      await waitUntil(async () => (await log())?.attempts >= 1 && (await log()).lastError, 10_000);
      expect(await log()).toMatchObject({ status: 'pending', lastResponseCode: null });
      expect((await log()).lastError).toMatch(/may not reach/);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
