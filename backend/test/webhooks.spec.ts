import { WEBHOOK_EVENTS } from '@vitrine/contracts';
import { BackupsService } from '../src/backup/backups.service';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature';
import { waitUntil } from './support/api-process';
import { ashaEnquiry, signedInUser } from './support/fixtures';
import { pngImage } from './support/images';
import { bearer, useTestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/webhook-receiver';

jest.setTimeout(120_000);

const SITE = 'https://studio.example';
const POLL_MS = 50;
const BACKOFF_MS = 300;

const profile = {
  companyName: 'Vitrine Design House',
  description: 'We design interiors and weave the fabrics that dress them.',
  address: '22 MI Road\nJaipur',
  email: 'studio@vitrine.example',
  phone: '+91 141 222 3344',
};

describe('webhooks', () => {
  const t = useTestApp({
    SITE_URL: SITE,
    WEBHOOK_POLL_MS: String(POLL_MS),
    WEBHOOK_BACKOFF_MS: String(BACKOFF_MS),
  });
  let auth: Record<string, string>;
  let receiver: Receiver;

  beforeAll(() => {
    auth = bearer(t.adminToken);
  });
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    // Each test's endpoints go with it, so the next one hears only its own.
    const { body } = await t.api.get('/api/webhooks').set(auth).expect(200);
    for (const { id } of body as { id: string }[])
      await t.api.delete(`/api/webhooks/${id}`).set(auth).expect(204);
    await receiver.close();
  });

  const register = async (events: string[] = ['*'], url = receiver.url) =>
    (
      await t.api
        .post('/api/webhooks')
        .set(auth)
        .send({ url, events, description: 'Test receiver' })
        .expect(201)
    ).body as { id: string; secret: string; events: string[] };

  const deliveries = async (id: string) =>
    (await t.api.get(`/api/webhooks/${id}/deliveries?limit=100`).set(auth).expect(200)).body as {
      id: string;
      eventId: string;
      event: string;
      status: string;
      attempts: number;
      lastResponseCode: number | null;
    }[];

  /** Waits for the worker to have looked a few more times, so a second copy would have come. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, POLL_MS * 8));

  it('delivers every event once, signed so that the exported verify function accepts it', async () => {
    const { id: webhookId, secret } = await register();
    const trashed = async (itemId: string) => {
      const { body } = await t.api.get('/api/trash?limit=100').set(auth).expect(200);
      return (body as { _id: string; itemId: string }[]).find((e) => e.itemId === itemId)!._id;
    };
    const lifecycle = async (base: string, fields: Record<string, string>, edit: object) => {
      const created = await t.api.post(base).set(auth).send(fields).expect(201);
      const id = created.body._id as string;
      await t.api.put(`${base}${id}`).set(auth).send(edit).expect(200);
      await t.api.put(`${base}${id}`).set(auth).send({ published: false }).expect(200);
      await t.api.put(`${base}${id}`).set(auth).send({ published: true }).expect(200);
      await t.api.delete(`${base}${id}`).set(auth).expect(204);
      await t.api
        .post(`/api/trash/${await trashed(id)}/restore`)
        .set(auth)
        .expect(200);
      return created.body as { _id: string; slug?: string };
    };

    const product = await lifecycle(
      '/api/product/',
      { ProductName: 'Indigo handloom', ProductCategory: 'Linen' },
      { ProductHeading: 'Hand-dyed' },
    );
    await lifecycle(
      '/api/service/',
      { ServiceName: 'Courtyard houses', ServiceCategory: 'Architecture' },
      { ServiceHeading: 'Homes around light' },
    );
    await lifecycle(
      '/api/reviews/',
      { ClientName: 'Meera Iyer', ClientReview: 'Lovely drapes.' },
      { ClientReview: 'Lovely drapes, twice.' },
    );
    const image = await t.api
      .post('/api/gallery')
      .set(auth)
      .field('alt', 'Loom at dawn')
      .attach('images', await pngImage(320, 240, '#336699'), 'loom.png')
      .expect(201);
    const galleryId = (image.body as { _id: string }[])[0]._id;
    await t.api
      .patch(`/api/gallery/${galleryId}`)
      .set(auth)
      .send({ alt: 'Loom at noon' })
      .expect(200);
    await t.api.delete(`/api/gallery/${galleryId}`).set(auth).expect(204);
    await t.api
      .post(`/api/trash/${await trashed(galleryId)}/restore`)
      .set(auth)
      .expect(200);
    await t.api.put('/api/settings').set(auth).send(profile).expect(200);
    const enquiry = await t.api.post('/api/enquiries').send(ashaEnquiry).expect(201);
    await t.app.get(BackupsService).backUp();
    await t.api.post(`/api/webhooks/${webhookId}/test`).set(auth).expect(201);
    // Published now, visible in a second: announced when its moment comes, not before.
    const later = await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'Monsoon linen',
        ProductCategory: 'Linen',
        publishAt: new Date(Date.now() + 1000).toISOString(),
      })
      .expect(201);

    // Every event there is, and the scheduled product's created and (a second later) published.
    const expected = WEBHOOK_EVENTS.length + 2;
    await waitUntil(async () => receiver.received.length >= expected, 30_000, 'all events');
    await settle();
    const names = receiver.received.map((one) => one.headers['vitrine-event']).sort();
    expect(names).toEqual([...WEBHOOK_EVENTS, 'product.created', 'product.published'].sort());

    for (const one of receiver.received) {
      expect(one.headers['content-type']).toBe('application/json');
      expect(one.headers['user-agent']).toBe('Vitrine-Webhooks/1');
      const signature = one.headers['vitrine-signature'] as string;
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(secret, one.body, signature)).toBe(true);
      expect(verifyWebhookSignature(`${secret}x`, one.body, signature)).toBe(false);
      expect(verifyWebhookSignature(secret, `${one.body} `, signature)).toBe(false);
      const signedAt = Number(/t=(\d+)/.exec(signature)![1]) * 1000;
      expect(verifyWebhookSignature(secret, one.body, signature, { now: signedAt + 301_000 })).toBe(
        false,
      );
      const payload = JSON.parse(one.body);
      expect(payload.event).toBe(one.headers['vitrine-event']);
      expect(payload.id).toMatch(/^evt_/);
      expect(new Date(payload.createdAt).toISOString()).toBe(payload.createdAt);
    }
    // Payload ids are unique: no event went twice.
    expect(new Set(receiver.received.map((one) => JSON.parse(one.body).id)).size).toBe(expected);

    const [created] = receiver.of('product.created');
    expect(created.data).toEqual({
      id: product._id,
      slug: product.slug,
      url: `${SITE}/singleproject/${product.slug}`,
      name: 'Indigo handloom',
      published: true,
    });
    const scheduled = receiver
      .of('product.published')
      .find((one) => one.data.id === later.body._id);
    expect(scheduled?.data).toMatchObject({ name: 'Monsoon linen', published: true });
    expect(
      receiver.of('product.created').find((one) => one.data.id === later.body._id)?.data,
    ).toMatchObject({ published: false });
    expect(receiver.of('gallery.updated')[0].data).toMatchObject({
      id: galleryId,
      url: `${SITE}/gallery`,
      name: 'Loom at noon',
    });
    const [received] = receiver.of('enquiry.received');
    expect(received.data).toEqual({ id: enquiry.body._id, source: 'contact', about: null });
    expect(JSON.stringify(received)).not.toContain('asha@example.com');
    expect(receiver.of('backup.written')[0].data).toMatchObject({ documents: expect.any(Number) });

    const log = await deliveries(webhookId);
    expect(log).toHaveLength(expected);
    expect(log.every((one) => one.status === 'delivered' && one.attempts === 1)).toBe(true);
    expect(log.every((one) => one.lastResponseCode === 200)).toBe(true);
  });

  it('sends only the events an endpoint subscribed to, and nothing to a disabled one', async () => {
    const { id } = await register(['service.created']);
    const other = await startReceiver();
    try {
      const off = await register(['*'], other.url);
      await t.api.put(`/api/webhooks/${off.id}`).set(auth).send({ enabled: false }).expect(200);
      await t.api
        .post('/api/product/')
        .set(auth)
        .send({ ProductName: 'Unheard', ProductCategory: 'Linen' })
        .expect(201);
      await t.api
        .post('/api/service/')
        .set(auth)
        .send({ ServiceName: 'Heard', ServiceCategory: 'Architecture' })
        .expect(201);
      await waitUntil(async () => receiver.received.length >= 1, 10_000, 'the service event');
      await settle();
      expect(receiver.received.map((one) => one.headers['vitrine-event'])).toEqual([
        'service.created',
      ]);
      expect(other.received).toEqual([]);
      expect(await deliveries(id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('tells of an earlier version restored as an update, and of one that hides the item as unpublished', async () => {
    await register(['product.updated', 'product.unpublished']);
    const { body: product } = await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Versioned linen', ProductCategory: 'Linen', published: false })
      .expect(201);
    const url = `/api/product/${product._id}`;
    await t.api.put(url).set(auth).send({ ProductHeading: 'First heading' }).expect(200);
    await t.api.put(url).set(auth).send({ published: true }).expect(200);
    const { body: versions } = await t.api.get(`${url}/revisions`).set(auth).expect(200);
    // The newest kept version is the one before publishing: restoring it hides the item again.
    await t.api.post(`${url}/revisions/${versions[0]._id}/restore`).set(auth).expect(200);
    await t.api.post(`${url}/revisions/${versions[1]._id}/restore`).set(auth).expect(200);
    await waitUntil(async () => receiver.received.length >= 3, 10_000, 'three events');
    await settle();
    expect(receiver.received.map((one) => one.headers['vitrine-event'])).toEqual([
      'product.updated',
      'product.unpublished',
      'product.updated',
    ]);
  });

  it('retries a receiver that fails three times, with growing gaps, and delivers once', async () => {
    receiver.answer = (_request, index) => (index < 3 ? 503 : 200);
    const { id, secret } = await register(['webhook.test']);
    await t.api.post(`/api/webhooks/${id}/test`).set(auth).expect(201);
    await waitUntil(async () => receiver.received.length >= 4, 20_000, 'four attempts');
    await settle();
    expect(receiver.received).toHaveLength(4);
    const gaps = receiver.received
      .slice(1)
      .map((one, index) => one.at - receiver.received[index].at);
    // BACKOFF_MS, then twice, then four times as long (each 75-100 % of it), plus the poll.
    expect(gaps[0]).toBeGreaterThanOrEqual(BACKOFF_MS * 0.75);
    expect(gaps[1]).toBeGreaterThan(gaps[0]);
    expect(gaps[2]).toBeGreaterThan(gaps[1]);
    // The same delivery each time, with the same body, freshly signed.
    expect(new Set(receiver.received.map((one) => one.headers['vitrine-delivery'])).size).toBe(1);
    expect(new Set(receiver.received.map((one) => one.body)).size).toBe(1);
    for (const one of receiver.received)
      expect(
        verifyWebhookSignature(secret, one.body, one.headers['vitrine-signature'] as string),
      ).toBe(true);
    const [log] = await deliveries(id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 4, lastResponseCode: 200 });
  });

  it('keeps a failing delivery pending with its code and error, and never stores the secret', async () => {
    receiver.answer = () => 500;
    const { id, secret } = await register(['webhook.test']);
    await t.api.post(`/api/webhooks/${id}/test`).set(auth).expect(201);
    await waitUntil(async () => receiver.received.length >= 1, 10_000, 'an attempt');
    await waitUntil(
      async () => (await deliveries(id))[0]?.lastResponseCode === 500,
      5000,
      'the log',
    );
    const [log] = await deliveries(id);
    expect(log).toMatchObject({ status: 'pending', lastResponseCode: 500 });
    expect(JSON.stringify(log)).not.toContain(secret);
    const { body: listed } = await t.api.get('/api/webhooks').set(auth).expect(200);
    const { body: one } = await t.api.get(`/api/webhooks/${id}`).set(auth).expect(200);
    expect(JSON.stringify([listed, one])).not.toContain(secret);
    expect(one).not.toHaveProperty('secret');
  });

  it('replays a delivery as a new one of the same event, and sends a test event', async () => {
    const { id, secret } = await register(['webhook.test']);
    const test = await t.api.post(`/api/webhooks/${id}/test`).set(auth).expect(201);
    await waitUntil(async () => receiver.received.length >= 1, 10_000, 'the test event');
    const [first] = receiver.of('webhook.test');
    expect(first.id).toBe(test.body.eventId);
    expect(first.data).toMatchObject({ id });
    const [original] = await deliveries(id);
    const replay = await t.api
      .post(`/api/webhooks/${id}/deliveries/${original.id}/replay`)
      .set(auth)
      .expect(201);
    expect(replay.body).toMatchObject({ eventId: original.eventId, replayOf: original.id });
    await waitUntil(async () => receiver.received.length >= 2, 10_000, 'the replay');
    const [, again] = receiver.received;
    expect(JSON.parse(again.body).id).toBe(first.id);
    expect(again.headers['vitrine-delivery']).toBe(replay.body.id);
    expect(
      verifyWebhookSignature(secret, again.body, again.headers['vitrine-signature'] as string),
    ).toBe(true);
    await waitUntil(
      async () => (await deliveries(id)).every((one) => one.status === 'delivered'),
      5000,
      'both delivered',
    );
    expect(await deliveries(id)).toHaveLength(2);

    // Another endpoint's delivery, or none, is a 404; a malformed id a 400.
    const other = await register(['webhook.test']);
    await t.api
      .post(`/api/webhooks/${other.id}/deliveries/${original.id}/replay`)
      .set(auth)
      .expect(404);
    await t.api.post(`/api/webhooks/${id}/deliveries/nope/replay`).set(auth).expect(400);
    await t.api.post('/api/webhooks/665f1c2e8b3e4a0012345678/test').set(auth).expect(404);
  });

  it('rotates the secret: deliveries from then on are signed with the new one only', async () => {
    const { id, secret } = await register(['webhook.test']);
    const rotated = await t.api.post(`/api/webhooks/${id}/secret`).set(auth).expect(201);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    await t.api.post(`/api/webhooks/${id}/test`).set(auth).expect(201);
    await waitUntil(async () => receiver.received.length >= 1, 10_000, 'the test event');
    const [one] = receiver.received;
    const header = one.headers['vitrine-signature'] as string;
    expect(verifyWebhookSignature(rotated.body.secret, one.body, header)).toBe(true);
    expect(verifyWebhookSignature(secret, one.body, header)).toBe(false);
  });

  it('registers, lists, edits and deletes endpoints, refusing bad input with field messages', async () => {
    const created = await t.api
      .post('/api/webhooks')
      .set(auth)
      .send({ url: receiver.url, events: ['product.published', '*'], description: 'Mirror' })
      .expect(201);
    expect(created.body).toMatchObject({ url: receiver.url, events: ['*'], enabled: true });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const { id } = created.body;

    const refused = async (body: object, field: string) => {
      const response = await t.api.post('/api/webhooks').set(auth).send(body).expect(400);
      expect(response.body.errors).toHaveProperty(field);
      return response.body.errors[field] as string;
    };
    expect(await refused({ url: receiver.url, events: ['product.exploded'] }, 'events')).toMatch(
      /known events/,
    );
    await refused({ url: receiver.url, events: ['gallery.published'] }, 'events');
    await refused({ url: receiver.url, events: [] }, 'events');
    await refused({ url: receiver.url, events: 'product.created' }, 'events');
    await refused({ url: 'not a url', events: ['*'] }, 'url');
    await refused({ url: 'ftp://127.0.0.1/hooks', events: ['*'] }, 'url');
    await refused({ url: 'http://user:pw@127.0.0.1/hooks', events: ['*'] }, 'url');
    // Outside production loopback is allowed, the rest of the private ranges are not.
    expect(await refused({ url: 'http://10.1.2.3/hooks', events: ['*'] }, 'url')).toMatch(
      /may not reach/,
    );
    await refused({ url: 'http://169.254.169.254/latest/meta-data', events: ['*'] }, 'url');
    await refused({ url: 'http://[fd00::1]/hooks', events: ['*'] }, 'url');
    await refused({ url: 'http://[::ffff:192.168.0.1]/hooks', events: ['*'] }, 'url');
    await refused({ url: receiver.url, events: ['*'], description: 7 }, 'description');

    const { body: edited } = await t.api
      .put(`/api/webhooks/${id}`)
      .set(auth)
      .send({ events: ['review.created'], description: 'Reviews only', enabled: false })
      .expect(200);
    expect(edited).toMatchObject({
      events: ['review.created'],
      description: 'Reviews only',
      enabled: false,
    });
    const badEdit = await t.api
      .put(`/api/webhooks/${id}`)
      .set(auth)
      .send({ url: 'http://10.0.0.1/', enabled: null })
      .expect(400);
    expect(badEdit.body.errors).toHaveProperty('enabled');
    expect((await t.api.get(`/api/webhooks/${id}`).set(auth).expect(200)).body).toMatchObject({
      url: receiver.url,
      enabled: false,
    });
    await t.api.put(`/api/webhooks/${id}`).set(auth).send({ url: 'http://10.0.0.1/' }).expect(400);

    await t.api.delete(`/api/webhooks/${id}`).set(auth).expect(204);
    await t.api.get(`/api/webhooks/${id}`).set(auth).expect(404);
    await t.api.delete(`/api/webhooks/${id}`).set(auth).expect(404);
    await t.api.get('/api/webhooks/not-an-id').set(auth).expect(400);
  });

  it('is for administrators only: 401 without a token, 403 for another user', async () => {
    const { id } = await register();
    const { auth: staff } = await signedInUser(t, { UserName: 'nora', Password: 'nora-password' });
    const routes: [string, string][] = [
      ['get', '/api/webhooks'],
      ['post', '/api/webhooks'],
      ['get', `/api/webhooks/${id}`],
      ['put', `/api/webhooks/${id}`],
      ['delete', `/api/webhooks/${id}`],
      ['get', `/api/webhooks/${id}/deliveries`],
      ['post', `/api/webhooks/${id}/test`],
      ['post', `/api/webhooks/${id}/secret`],
      ['post', `/api/webhooks/${id}/deliveries/${id}/replay`],
    ];
    for (const [method, path] of routes) {
      const call = (t.api as unknown as Record<string, (p: string) => import('supertest').Test>)[
        method
      ](path);
      await call.send({ url: receiver.url, events: ['*'] }).expect(401);
      const denied = (t.api as unknown as Record<string, (p: string) => import('supertest').Test>)[
        method
      ](path);
      await denied
        .set(staff)
        .send({ url: receiver.url, events: ['*'] })
        .expect(403);
    }
    expect((await t.api.get('/api/webhooks').set(auth).expect(200)).body).toHaveLength(1);
    await settle();
    expect(receiver.received).toEqual([]);
  });
});
