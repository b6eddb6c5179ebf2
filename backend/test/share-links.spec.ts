import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../src/common/clock/clock';
import { createRecord, signedInUser } from './support/fixtures';
import { bearer, createTestApp, useTestApp } from './support/test-app';

const DAY_MS = 24 * 3600_000;

describe('share links for clients', () => {
  const t = useTestApp({ SITE_URL: 'https://vitrine.example' });
  let auth: Record<string, string>;
  let editor: Record<string, string>;
  let draft: { _id: string; slug: string };
  const db = () => t.app.get<Connection>(getConnectionToken());

  beforeAll(async () => {
    auth = bearer(t.adminToken);
    ({ auth: editor } = await signedInUser(t, {
      UserName: 'editor',
      Password: 'editor-password',
      isAdmin: false,
    }));
    draft = await createRecord(t, auth, '/api/product/', {
      ProductName: 'Indigo Khadi Draft',
      ProductCategory: 'Khadi',
      ProductPrice: 1450,
      published: false,
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const share = (body: Record<string, unknown>, as = auth) =>
    t.api.post('/api/previews/share').set(as).send(body);
  const tokenOf = (path: string) => path.replace('/preview/share/', '');
  const open = (token: string) => t.api.get(`/api/previews/share/${encodeURIComponent(token)}`);

  it('lets a signed-out client open the current draft, never cached nor indexed', async () => {
    const made = await share({ kind: 'product', id: draft._id }).expect(201);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.body.path).toMatch(/^\/preview\/share\/[\w-]{43}$/);
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const seen = await open(tokenOf(made.body.path)).expect(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.headers['x-robots-tag']).toBe('noindex');
    expect(seen.body).toMatchObject({
      type: 'product',
      item: { _id: draft._id, ProductName: 'Indigo Khadi Draft', published: false },
      expiresAt: made.body.expiresAt,
    });

    // Edited after sharing: the client sees the draft as it is now.
    await t.api
      .put(`/api/product/${draft._id}`)
      .set(auth)
      .send({ ProductName: 'Indigo Khadi, second draft' })
      .expect(200);
    const again = await open(tokenOf(made.body.path)).expect(200);
    expect(again.body.item.ProductName).toBe('Indigo Khadi, second draft');
  });

  it('lists the live links of an item and says a revoked one was withdrawn', async () => {
    const made = await share({ kind: 'product', id: draft._id, expiresInDays: 30 }).expect(201);
    const listed = async () =>
      (await t.api.get(`/api/previews/share?kind=product&id=${draft._id}`).set(auth).expect(200))
        .body as { _id: string; hint: string; expiresAt: string }[];
    const before = await listed();
    expect(before).toContainEqual(
      expect.objectContaining({
        _id: made.body._id,
        hint: tokenOf(made.body.path).slice(0, 6),
        expiresAt: made.body.expiresAt,
      }),
    );
    expect(JSON.stringify(before)).not.toContain(tokenOf(made.body.path));

    await t.api.delete(`/api/previews/share/${made.body._id}`).set(auth).expect(204);
    const gone = await open(tokenOf(made.body.path)).expect(410);
    expect(gone.body.message).toBe('This preview link was withdrawn.');
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.headers['x-robots-tag']).toBe('noindex');
    expect((await listed()).map((link) => link._id)).not.toContain(made.body._id);
  });

  it('says an expired link has expired, and an unknown one does not exist', async () => {
    const made = await share({ kind: 'product', id: draft._id, expiresInDays: 1 }).expect(201);
    const token = tokenOf(made.body.path);
    const clock = t.app.get(Clock);
    const start = Date.now();
    jest.spyOn(clock, 'now').mockReturnValue(new Date(start + DAY_MS - 60_000));
    await open(token).expect(200);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(start + DAY_MS + 60_000));
    const expired = await open(token).expect(410);
    expect(expired.body.message).toBe('This preview link has expired.');
    jest.restoreAllMocks();

    const unknown = await open('x'.repeat(43)).expect(404);
    expect(unknown.body.message).toBe('This preview link does not exist.');
  });

  it('takes a date as the expiry', async () => {
    const at = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const made = await share({ kind: 'product', id: draft._id, expiresAt: at }).expect(201);
    expect(made.body.expiresAt).toBe(at);
  });

  it('never lists a shared draft in the sitemap', async () => {
    await share({ kind: 'product', id: draft._id }).expect(201);
    const sitemap = await t.api.get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('<loc>https://vitrine.example/</loc>');
    expect(sitemap.text).not.toContain(draft.slug);
    expect(sitemap.text).not.toContain('/preview');
  });

  it('is for administrators only: 401 for visitors, 403 for other users', async () => {
    const body = { kind: 'product', id: draft._id };
    await t.api.post('/api/previews/share').send(body).expect(401);
    await share(body, editor).expect(403);
    await t.api.get(`/api/previews/share?kind=product&id=${draft._id}`).expect(401);
    await t.api.get(`/api/previews/share?kind=product&id=${draft._id}`).set(editor).expect(403);
    const made = await share(body).expect(201);
    await t.api.delete(`/api/previews/share/${made.body._id}`).set(editor).expect(403);
    await open(tokenOf(made.body.path)).expect(200);
  });

  it('refuses bad input with a message per field, and makes no link', async () => {
    const count = () => db().collection('share_links').countDocuments();
    const before = await count();
    const bad = await share({ kind: 'review', id: 'nope', expiresInDays: 0 }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['expiresInDays', 'id', 'kind']);
    expect(bad.body.errors.expiresInDays).toBe('Expiry must be at least 1 day');
    const far = await share({ kind: 'product', id: draft._id, expiresInDays: 91 }).expect(400);
    expect(far.body.errors.expiresInDays).toBe('Expiry must be at most 90 days');
    const past = await share({
      kind: 'product',
      id: draft._id,
      expiresAt: new Date(Date.now() - DAY_MS).toISOString(),
    }).expect(400);
    expect(past.body.errors).toEqual({ expiresAt: 'Expiry date must be in the future' });
    await share({ kind: 'product', id: '0123456789abcdef01234567' }).expect(404);
    await t.api.delete('/api/previews/share/nope').set(auth).expect(400);
    await t.api.delete('/api/previews/share/0123456789abcdef01234567').set(auth).expect(404);
    expect(await count()).toBe(before);
  });

  // Last: passport's strategy is process-wide, and the second app's stays after it closes.
  it('keeps only a hash of the link, nowhere the link itself, and it works on another instance', async () => {
    const made = await t.api
      .post('/api/previews/share')
      .set(auth)
      .set('Idempotency-Key', 'share-once')
      .send({ kind: 'product', id: draft._id, expiresInDays: 1 })
      .expect(201);
    const token = tokenOf(made.body.path);
    for (const collection of ['share_links', 'idempotency_keys', 'audit']) {
      const stored = JSON.stringify(await db().collection(collection).find().toArray());
      expect(`${collection}: ${stored}`).not.toContain(token);
    }

    const other = await createTestApp({ MONGODB_URI: t.mongoUri });
    try {
      await other.api.get(`/api/previews/share/${token}`).expect(200);
    } finally {
      await other.close();
    }
  });
});
