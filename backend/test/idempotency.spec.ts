import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../src/common/clock/clock';
import { ProductsService } from '../src/products/products.service';
import { ashaEnquiry, contentForm, signedInUser } from './support/fixtures';
import { pngImage } from './support/images';
import { bearer, useTestApp } from './support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('Idempotency-Key on writes', () => {
  const t = useTestApp({ UPLOAD_MAX_MB: '1' });
  let auth: Record<string, string>;
  let image: Buffer;
  let keyNumber = 0;
  const newKey = () => `save-${Date.now()}-${++keyNumber}`;
  beforeAll(async () => {
    auth = bearer(t.adminToken);
    image = await pngImage(400, 300);
  });
  afterEach(() => jest.restoreAllMocks());

  const db = () => t.app.get<Connection>(getConnectionToken()).db!;
  const productsNamed = (ProductName: string) =>
    db().collection('products').countDocuments({ ProductName });
  const fields = (ProductName: string) => ({
    ProductName,
    ProductCategory: 'Cotton',
    ProductPrice: '1450',
    ProductStatus: 'In stock',
  });
  const addProduct = (
    key: string,
    ProductName: string,
    headers: Record<string, string> = auth,
    withImage = true,
  ) =>
    contentForm(
      t.api.post('/api/product/').set(headers).set('Idempotency-Key', key),
      fields(ProductName),
      withImage ? image : undefined,
    );

  it('creates one product for a save sent twice with one key, and answers the retry alike', async () => {
    const key = newKey();
    const first = await addProduct(key, 'Retried indigo').expect(201);
    const retry = await addProduct(key, 'Retried indigo').expect(201);

    expect(await productsNamed('Retried indigo')).toBe(1);
    expect(retry.body).toEqual(first.body);
    expect(retry.body._id).toBe(first.body._id);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The audit log tells of one creation, not two.
    const audit = await db()
      .collection('audit')
      .countDocuments({ action: 'create', itemName: 'Retried indigo' });
    expect(audit).toBe(1);
  });

  it('refuses the key with another body or route, and writes nothing', async () => {
    const key = newKey();
    await addProduct(key, 'Madder red').expect(201);

    const otherBody = await addProduct(key, 'Madder red, second').expect(422);
    expect(otherBody.body.message).toMatch(/Idempotency-Key was sent with another request/);
    expect(await productsNamed('Madder red, second')).toBe(0);

    const otherRoute = await contentForm(
      t.api.post('/api/service/').set(auth).set('Idempotency-Key', key),
      { ServiceName: 'Madder dyeing', ServiceDescription: 'Red' },
    ).expect(422);
    expect(otherRoute.body.message).toMatch(/use a new key for a new request/);
    expect(await db().collection('services').countDocuments({ ServiceName: 'Madder dyeing' })).toBe(
      0,
    );
  });

  it('tells a retry with another image from the same save, and writes nothing', async () => {
    const key = newKey();
    await addProduct(key, 'Two photos').expect(201);
    const otherImage = await pngImage(400, 300, '#aa3322');
    const refused = await contentForm(
      t.api.post('/api/product/').set(auth).set('Idempotency-Key', key),
      fields('Two photos'),
      otherImage,
    ).expect(422);
    expect(refused.body.message).toMatch(/another body/);
    expect(await productsNamed('Two photos')).toBe(1);
  });

  it('runs concurrent duplicates once: the others are told to retry shortly', async () => {
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => addProduct(key, 'Concurrent weave')),
    );
    expect(await productsNamed('Concurrent weave')).toBe(1);
    const created = answers.filter((a) => a.status === 201);
    expect(new Set(created.map((a) => a.body._id)).size).toBe(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/still being processed; retry shortly/);
      expect(refused.headers['retry-after']).toBe('1');
    }
    // Once the first answered, a retry gets its answer.
    const retry = await addProduct(key, 'Concurrent weave').expect(201);
    expect(retry.body._id).toBe(created[0].body._id);
  });

  it("keeps each user's keys apart: the same key from two users makes two products", async () => {
    const other = await signedInUser(t, {
      UserName: 'second-admin',
      Password: 'second-admin-password',
      isAdmin: true,
    });
    const key = newKey();
    const mine = await addProduct(key, 'Shared key ikat').expect(201);
    const theirs = await addProduct(key, 'Shared key ikat', other.auth).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body._id).not.toBe(mine.body._id);
    expect(await productsNamed('Shared key ikat')).toBe(2);
  });

  it("keeps a visitor's enquiry sent twice with one key as one enquiry", async () => {
    const key = newKey();
    const enquiry = ashaEnquiry;
    const first = await t.api.post('/api/enquiries').set('Idempotency-Key', key).send(enquiry);
    expect(first.status).toBe(201);
    const retry = await t.api.post('/api/enquiries').set('Idempotency-Key', key).send(enquiry);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await db().collection('enquiries').countDocuments({ Email: 'asha@example.com' })).toBe(
      1,
    );
  });

  it('refuses an empty key or one over 255 characters, and writes nothing', async () => {
    for (const key of [' ', 'k'.repeat(256)]) {
      const refused = await addProduct(key, 'Bad key bandhani', auth, false).expect(400);
      expect(refused.body.message).toMatch(/Idempotency-Key header must be 1 to 255 characters/);
    }
    expect(await productsNamed('Bad key bandhani')).toBe(0);
    await addProduct('k'.repeat(255), 'Longest key bandhani', auth, false).expect(201);
  });

  it('keeps a validation error for the same request, as Stripe does', async () => {
    const key = newKey();
    const body = { ProductName: 'Priceless' };
    const first = await t.api
      .post('/api/product/')
      .set(auth)
      .set('Idempotency-Key', key)
      .send(body);
    expect(first.status).toBe(400);
    const retry = await t.api
      .post('/api/product/')
      .set(auth)
      .set('Idempotency-Key', key)
      .send(body);
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('does not keep a server error: the retry with the same key runs and succeeds', async () => {
    const key = newKey();
    jest
      .spyOn(t.app.get(ProductsService), 'create')
      .mockRejectedValueOnce(new Error('the disk is full'));
    await addProduct(key, 'After the outage').expect(500);
    expect(await productsNamed('After the outage')).toBe(0);

    const retry = await addProduct(key, 'After the outage').expect(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await productsNamed('After the outage')).toBe(1);
  });

  it('keeps a key for 24 hours: MongoDB removes it after, and a later retry runs anew', async () => {
    const indexes = await db().collection('idempotency_keys').indexes();
    expect(indexes.find((index) => index.name === 'createdAt_ttl')).toMatchObject({
      key: { createdAt: 1 },
      expireAfterSeconds: 24 * 60 * 60,
    });

    const key = newKey();
    const started = Date.now();
    await addProduct(key, 'Day-old key').expect(201);
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    clock.mockImplementation(() => new Date(started + DAY_MS - 60_000));
    const withinTheDay = await addProduct(key, 'Day-old key').expect(201);
    expect(withinTheDay.headers['idempotent-replayed']).toBe('true');
    expect(await productsNamed('Day-old key')).toBe(1);

    // Past the day the key is gone, even before the TTL monitor's next pass.
    clock.mockImplementation(() => new Date(started + DAY_MS + 60_000));
    const dayLater = await addProduct(key, 'Day-old key').expect(201);
    expect(dayLater.headers['idempotent-replayed']).toBeUndefined();
    expect(await productsNamed('Day-old key')).toBe(2);
  });

  it('ignores the key on sign-in, whose answer (a token) is never stored', async () => {
    const key = newKey();
    await t.api
      .post('/api/user/login')
      .set('Idempotency-Key', key)
      .send({ UserName: 'admin', Password: 'admin-password-for-tests' })
      .expect(200);
    expect(await db().collection('idempotency_keys').countDocuments({ key })).toBe(0);
  });

  it("never keeps an API token's or a webhook's secret, which the API answers once", async () => {
    const key = newKey();
    const token = await t.api
      .post('/api/tokens')
      .set(auth)
      .set('Idempotency-Key', key)
      .send({ name: `Sync ${key}`, rights: 'read-only', expiresInDays: 7 })
      .expect(201);
    const renewed = await t.api
      .post(`/api/tokens/${token.body.id}/renew`)
      .set(auth)
      .set('Idempotency-Key', newKey())
      .expect(200);
    const webhook = await t.api
      .post('/api/webhooks')
      .set(auth)
      .set('Idempotency-Key', newKey())
      .send({ url: 'http://127.0.0.1:9/hook', events: ['*'] })
      .expect(201);
    const rotated = await t.api
      .post(`/api/webhooks/${webhook.body.id}/secret`)
      .set(auth)
      .set('Idempotency-Key', newKey())
      .expect(201);
    const kept = JSON.stringify(await db().collection('idempotency_keys').find().toArray());
    for (const secret of [
      token.body.token,
      renewed.body.token,
      webhook.body.secret,
      rotated.body.secret,
    ]) {
      expect(secret).toMatch(/^(vit|whsec)_/);
      expect(kept).not.toContain(secret);
    }
  });
});
