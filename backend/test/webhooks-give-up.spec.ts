/** A delivery that keeps failing is marked failed once WEBHOOK_GIVE_UP_MS has passed. */
import { waitUntil } from './support/api-process';
import { bearer, useTestApp } from './support/test-app';
import { startReceiver } from './support/webhook-receiver';

describe('a webhook receiver that never succeeds', () => {
  const t = useTestApp({
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_BACKOFF_MS: '200',
    WEBHOOK_GIVE_UP_MS: '1000',
  });

  it('is retried until the give-up age, then the delivery is failed and not sent again', async () => {
    const receiver = await startReceiver(() => 502);
    try {
      const auth = bearer(t.adminToken);
      const { body: endpoint } = await t.api
        .post('/api/webhooks')
        .set(auth)
        .send({ url: receiver.url, events: ['webhook.test'] })
        .expect(201);
      await t.api.post(`/api/webhooks/${endpoint.id}/test`).set(auth).expect(201);
      const log = async () =>
        (await t.api.get(`/api/webhooks/${endpoint.id}/deliveries`).set(auth).expect(200)).body[0];
      await waitUntil(async () => (await log())?.status === 'failed', 10_000, 'failed');
      const failed = await log();
      // 200, 400 and then 800 ms pauses: the third retry would come after the second.
      expect(failed.attempts).toBeGreaterThanOrEqual(2);
      expect(failed).toMatchObject({
        lastResponseCode: 502,
        lastError: 'The receiver answered 502',
      });
      expect(receiver.received).toHaveLength(failed.attempts);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.received).toHaveLength(failed.attempts);

      // A replay is asked for now: it gets its own day, and goes out.
      receiver.answer = () => 200;
      await t.api
        .post(`/api/webhooks/${endpoint.id}/deliveries/${failed.id}/replay`)
        .set(auth)
        .expect(201);
      await waitUntil(async () => (await log())?.status === 'delivered', 10_000, 'the replay');
    } finally {
      await receiver.close();
    }
  });
});
