import { createHash } from 'node:crypto';
import { ashaEnquiry, contentForm } from './support/fixtures';
import { Clock } from '../src/common/clock/clock';
import { clientFrom, listening } from './support/client-address';
import { bearer, useTestApp } from './support/test-app';

interface CreatedToken {
  id: string;
  token: string;
  prefix: string;
  name: string;
}

describe('API tokens', () => {
  let admin: Record<string, string>;
  const t = useTestApp({ API_TOKEN_RATE_LIMIT: '1000' });
  beforeAll(() => {
    admin = bearer(t.adminToken);
  });
  afterEach(() => jest.restoreAllMocks());

  let names = 0;
  async function createToken(body: Record<string, unknown>): Promise<CreatedToken> {
    const response = await t.api
      .post('/api/tokens')
      .set(admin)
      .send({ name: `Token ${++names}`, expiresInDays: 30, ...body })
      .expect(201);
    return response.body as CreatedToken;
  }

  const draftProduct = (name: string) =>
    t.api
      .post('/api/product')
      .set(admin)
      .send({ ProductName: name, ProductCategory: 'Linen', published: false })
      .expect(201)
      .then((response) => response.body as { _id: string });

  it('answers a new token once: vit_ and 32 random bytes, with its public record', async () => {
    const response = await t.api
      .post('/api/tokens')
      .set(admin)
      .send({ name: 'Catalogue sync', rights: 'read-only', expiresInDays: 7 })
      .expect(201);
    expect(response.body.token).toMatch(/^vit_[A-Za-z0-9_-]{43}$/);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Catalogue sync',
      prefix: response.body.token.slice(0, 8),
      rights: 'read-only',
      lastUsedAt: null,
      allowedAddresses: [],
      createdBy: { UserName: 'admin' },
    });
    const lifetime = Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt);
    expect(Math.round(lifetime / 86_400_000)).toBe(7);

    const again = await t.api
      .post('/api/tokens')
      .set(admin)
      .send({ name: 'catalogue SYNC', rights: 'full', expiresInDays: null })
      .expect(409);
    expect(again.body.errors).toEqual({ name: 'Another API token has this name' });
  });

  it('refuses a bad name, rights or expiry with a message per field, and creates nothing', async () => {
    const before = (await t.api.get('/api/tokens').set(admin).expect(200)).body.length;
    const bad = async (body: Record<string, unknown>) =>
      (await t.api.post('/api/tokens').set(admin).send(body).expect(400)).body.errors;

    expect(await bad({ name: '', rights: 'read-only', expiresInDays: 7 })).toHaveProperty('name');
    expect(
      await bad({ name: 'A', rights: { enquiry: ['read', 'write'] }, expiresInDays: 7 }),
    ).toEqual({ rights: 'enquiry has only the read right' });
    expect(await bad({ name: 'A', rights: { users: ['read'] }, expiresInDays: 7 })).toEqual({
      rights: expect.stringContaining('Unknown entity "users"'),
    });
    expect(await bad({ name: 'A', rights: { product: ['delete'] }, expiresInDays: 7 })).toEqual({
      rights: expect.stringContaining('Unknown right "delete"'),
    });
    expect(await bad({ name: 'A', rights: 'read-only', expiresInDays: 14 })).toEqual({
      expiresInDays: 'Expiry must be 7, 30 or 90 days, or null for never',
    });
    expect(await bad({ name: 'A', rights: 'read-only' })).toHaveProperty('expiresInDays');
    expect(
      await bad({ name: 'A', rights: 'full', expiresInDays: 7, allowedAddresses: ['intranet'] }),
    ).toEqual({ allowedAddresses: expect.stringContaining('"intranet" is not an IP address') });

    expect((await t.api.get('/api/tokens').set(admin).expect(200)).body).toHaveLength(before);
  });

  it('lets a read-only token read what an administrator sees, drafts included, and not write', async () => {
    const draft = await draftProduct('Undyed khadi');
    const { token } = await createToken({ rights: 'read-only' });

    await t.api.get(`/api/product/${draft._id}`).expect(404);
    await t.api.get(`/api/product/${draft._id}`).set(bearer(token)).expect(200);
    const list = await t.api.get('/api/product').set(bearer(token)).expect(200);
    expect(list.body.map((item: { _id: string }) => item._id)).toContain(draft._id);
    // The README's "read the published projects": what visitors see, and nothing else.
    const shown = await t.api
      .post('/api/product')
      .set(admin)
      .send({ ProductName: 'Shown khadi', ProductCategory: 'Linen' })
      .expect(201);
    const published = await t.api.get('/api/product?published=true').set(bearer(token));
    expect(published.status).toBe(200);
    const publishedIds = published.body.map((item: { _id: string }) => item._id);
    expect(publishedIds).toContain(shown.body._id);
    expect(publishedIds).not.toContain(draft._id);

    const write = await t.api
      .post('/api/product')
      .set(bearer(token))
      .send({ ProductName: 'Not allowed', ProductCategory: 'Linen', published: false })
      .expect(403);
    expect(write.body.message).toBe('This API token lacks the right product:write');
    await t.api.delete(`/api/product/${draft._id}`).set(bearer(token)).expect(403);
  });

  it('keeps users, tokens, the audit, the trash and backups from every token', async () => {
    const { token, id } = await createToken({ rights: 'full' });
    for (const [method, path] of [
      ['get', '/api/tokens'],
      ['post', '/api/tokens'],
      ['delete', `/api/tokens/${id}`],
      ['get', '/api/user'],
      ['get', '/api/audit'],
      ['get', '/api/trash'],
      ['get', '/api/backups'],
      ['get', '/api/account'],
      ['patch', '/api/enquiries/0123456789abcdef01234567'],
    ] as const) {
      const response = await t.api[method](path).set(bearer(token)).send({});
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(response.body.message).toMatch(/API tokens cannot use this route/);
    }
    await t.api.get(`/api/tokens/${id}`).set(admin).expect(200);
  });

  it('lets a token scoped to products write them, not services, and not publish', async () => {
    const { token } = await createToken({ rights: { product: ['read', 'write'] } });
    const auth = bearer(token);

    const created = await t.api
      .post('/api/product')
      .set(auth)
      .send({ ProductName: 'Ajrakh stole', ProductCategory: 'Cotton', published: false })
      .expect(201);
    const id = created.body._id as string;
    await t.api
      .put(`/api/product/${id}`)
      .set(auth)
      .send({ ProductHeading: 'Resist-dyed' })
      .expect(200);

    const service = await t.api
      .post('/api/service')
      .set(auth)
      .send({ ServiceName: 'Weaving', ServiceCategory: 'Craft', published: false })
      .expect(403);
    expect(service.body.message).toBe('This API token lacks the right service:write');
    await t.api.get('/api/service').set(auth).expect(200);

    // Publishing, unpublishing or scheduling needs product:publish, by JSON or by form.
    const publish = await t.api
      .put(`/api/product/${id}`)
      .set(auth)
      .send({ published: true })
      .expect(403);
    expect(publish.body.message).toMatch(/lacks the right product:publish/);
    await t.api
      .put(`/api/product/${id}`)
      .set(auth)
      .send({ publishAt: '2030-01-01T00:00:00.000Z' })
      .expect(403);
    await t.api
      .post('/api/product')
      .set(auth)
      .send({ ProductName: 'Published at once', ProductCategory: 'Cotton' })
      .expect(403);
    await contentForm(t.api.post('/api/product').set(auth), {
      ProductName: 'Published by form',
      ProductCategory: 'Cotton',
      published: 'true',
    }).expect(403);
    await contentForm(t.api.put(`/api/product/${id}`).set(auth), { published: 'true' }).expect(403);
    expect((await t.api.get(`/api/product/${id}`).set(admin).expect(200)).body.published).toBe(
      false,
    );
    await t.api.get(`/api/product/${id}`).expect(404);

    const publisher = await createToken({ rights: { product: ['write', 'publish'] } });
    await t.api
      .put(`/api/product/${id}`)
      .set(bearer(publisher.token))
      .send({ published: true })
      .expect(200);
    await t.api.get(`/api/product/${id}`).expect(200);
  });

  it('sees only what visitors see on a public route it holds no right for', async () => {
    const draft = await draftProduct('Draft for services token');
    const { token } = await createToken({ rights: { service: ['read'] } });
    await t.api.get(`/api/product/${draft._id}`).set(bearer(token)).expect(404);
  });

  it('lets an enquiry:read token list and export enquiries, and change none', async () => {
    const sent = await t.api.post('/api/enquiries').send(ashaEnquiry).expect(201);
    const { token } = await createToken({ rights: { enquiry: ['read'] } });
    const list = await t.api.get('/api/enquiries').set(bearer(token)).expect(200);
    expect(list.body.map((item: { _id: string }) => item._id)).toContain(sent.body._id);
    await t.api.get('/api/enquiries/export.csv').set(bearer(token)).expect(200);
    await t.api.delete(`/api/enquiries/${sent.body._id}`).set(bearer(token)).expect(403);
    await t.api.get('/api/product').set(bearer(token)).expect(200);
  });

  it("records a token's writes in the audit log and the trash under the token's name", async () => {
    const { token, id } = await createToken({
      name: 'Catalogue importer',
      rights: { product: ['read', 'write'] },
    });
    const created = await t.api
      .post('/api/product')
      .set(bearer(token))
      .send({ ProductName: 'Kala cotton', ProductCategory: 'Cotton', published: false })
      .expect(201);
    const [entry] = (await t.api.get('/api/audit?category=product').set(admin).expect(200)).body;
    expect(entry).toMatchObject({
      action: 'create',
      entityId: created.body._id,
      itemName: 'Kala cotton',
      actorId: id,
      actorName: 'API token: Catalogue importer',
    });

    // The trash names it too, as who deleted the item.
    await t.api.delete(`/api/product/${created.body._id}`).set(bearer(token)).expect(204);
    const trash = await t.api.get('/api/trash?type=product').set(admin).expect(200);
    const deleted = trash.body.find((item: { itemId: string }) => item.itemId === created.body._id);
    expect(deleted.deletedBy).toEqual({ id, UserName: 'API token: Catalogue importer' });
  });

  it('refuses a revoked token, and a renewed token by its old secret but not its new', async () => {
    const revoked = await createToken({ rights: 'read-only' });
    await t.api.get('/api/enquiries/stats').set(bearer(revoked.token)).expect(200);
    await t.api.delete(`/api/tokens/${revoked.id}`).set(admin).expect(204);
    const refused = await t.api.get('/api/product').set(bearer(revoked.token)).expect(401);
    expect(refused.body.message).toMatch(/not valid/);
    await t.api.get(`/api/tokens/${revoked.id}`).set(admin).expect(404);

    const renewed = await createToken({ rights: 'read-only', expiresInDays: 7 });
    const fresh = await t.api
      .post(`/api/tokens/${renewed.id}/renew`)
      .set(admin)
      .send({})
      .expect(200);
    expect(fresh.body).toMatchObject({ id: renewed.id, name: renewed.name, rights: 'read-only' });
    expect(fresh.body.token).not.toBe(renewed.token);
    await t.api.get('/api/enquiries/stats').set(bearer(renewed.token)).expect(401);
    await t.api.get('/api/enquiries/stats').set(bearer(fresh.body.token)).expect(200);

    // With no body, as curl sends it, and with a new lifetime.
    const again = await t.api.post(`/api/tokens/${renewed.id}/renew`).set(admin).expect(200);
    await t.api.get('/api/enquiries/stats').set(bearer(fresh.body.token)).expect(401);
    const days = (Date.parse(again.body.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    const forever = await t.api
      .post(`/api/tokens/${renewed.id}/renew`)
      .set(admin)
      .send({ expiresInDays: null })
      .expect(200);
    expect(forever.body).toMatchObject({ expiresAt: null, lifetimeDays: null });
    await t.api
      .post(`/api/tokens/${renewed.id}/renew`)
      .set(admin)
      .send({ expiresInDays: 365 })
      .expect(400);
    await t.api.post('/api/tokens/0123456789abcdef01234567/renew').set(admin).expect(404);
  });

  it('refuses an expired token with 401, and keeps a token with no expiry', async () => {
    const week = await createToken({ rights: 'read-only', expiresInDays: 7 });
    const forever = await createToken({ rights: 'read-only', expiresInDays: null });
    // Eight days on for the app's clock, which tokens' expiry follows (a JWT's is passport's).
    const later = Date.now() + 8 * 86_400_000;
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(later));

    const expired = await t.api.get('/api/enquiries/stats').set(bearer(week.token)).expect(401);
    expect(expired.body.message).toMatch(/expired on/);
    await t.api.get('/api/enquiries/stats').set(bearer(forever.token)).expect(200);
    await t.api.get('/api/enquiries/stats').set(admin).expect(200);
  });

  it('limits each token to its own requests a minute, with 429 and Retry-After', async () => {
    const a = await createToken({ rights: 'read-only', rateLimitPerMinute: 3 });
    const b = await createToken({ rights: 'read-only', rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      await t.api.get('/api/enquiries/stats').set(bearer(a.token)).expect(200);
    const over = await t.api.get('/api/enquiries/stats').set(bearer(a.token)).expect(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.message).toMatch(/more than 3 requests a minute/);

    await t.api.get('/api/enquiries/stats').set(bearer(b.token)).expect(200);
    await t.api.get('/api/enquiries/stats').set(admin).expect(200);
  });

  it('refuses a token from an address it is not allowed from', async () => {
    const url = await listening(t.app);
    const { token } = await createToken({
      rights: 'read-only',
      allowedAddresses: ['127.0.0.2', '10.0.0.0/8'],
    });
    const headers = bearer(token);
    expect(
      (await clientFrom(url, '127.0.0.2').send('GET', '/api/enquiries/stats', undefined, headers))
        .status,
    ).toBe(200);
    const elsewhere = await clientFrom(url, '127.0.0.3').send(
      'GET',
      '/api/enquiries/stats',
      undefined,
      headers,
    );
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe('This API token may not be used from 127.0.0.3');
  });

  it('shows when a token was last used, and never its secret or hash after creation', async () => {
    const { token, id } = await createToken({ rights: { product: ['read', 'write'] } });
    const hash = createHash('sha256').update(token).digest('hex');
    await t.api
      .post('/api/product')
      .set(bearer(token))
      .send({ ProductName: 'Tussar silk', ProductCategory: 'Silk', published: false })
      .expect(201);

    const one = await t.api.get(`/api/tokens/${id}`).set(admin).expect(200);
    expect(Date.parse(one.body.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Within the minute, another request does not write it again.
    await t.api.get('/api/product').set(bearer(token)).expect(200);
    const after = await t.api.get(`/api/tokens/${id}`).set(admin).expect(200);
    expect(after.body.lastUsedAt).toBe(one.body.lastUsedAt);
    const answers = [
      one.text,
      (await t.api.get('/api/tokens').set(admin).expect(200)).text,
      (await t.api.get('/api/audit').set(admin).expect(200)).text,
      (await t.api.get('/api/audit?category=tokens').set(admin).expect(200)).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.slice(8));
      expect(text).not.toContain(hash);
    }
    expect(one.body).not.toHaveProperty('token');
    expect(one.body).not.toHaveProperty('secretHash');
  });

  it('refuses a full token on every operation the document keeps for people, and no other', async () => {
    const { token } = await createToken({ rights: 'full' });
    const { body: doc } = await t.api.get('/api/docs-json').expect(200);
    const sampleId = '0123456789abcdef01234567';
    const leftOpen: string[] = [];
    const wronglyRefused: string[] = [];
    for (const [route, operations] of Object.entries<Record<string, Record<string, unknown>>>(
      doc.paths,
    )) {
      if (!route.startsWith('/api/')) continue;
      const url = route.replace(/\{id\}/g, sampleId).replace(/\{\w+\}/g, sampleId);
      for (const [method, operation] of Object.entries(operations)) {
        const required = operation['x-required-right'] as string;
        if (required === 'none') continue;
        const response = await t.api[method as 'get'](url).set(bearer(token)).send({});
        const closed = response.status === 403 && /API tokens cannot/.test(response.body.message);
        if (required === 'admin' || required === 'signed-in') {
          if (!closed) leftOpen.push(`${method.toUpperCase()} ${route} → ${response.status}`);
        } else if (response.status === 401 || response.status === 403) {
          wronglyRefused.push(`${method.toUpperCase()} ${route} → ${response.status}`);
        }
      }
    }
    expect(leftOpen).toEqual([]);
    expect(wronglyRefused).toEqual([]);
    // The token is still there: none of those calls reached the token routes.
    await t.api.get('/api/enquiries/stats').set(bearer(token)).expect(200);
  });

  it("marks each operation's required right in the OpenAPI document", async () => {
    const { body: doc } = await t.api.get('/api/docs-json').expect(200);
    const right = (path: string, method: string) => doc.paths[path][method]['x-required-right'];
    expect(right('/api/product', 'post')).toBe('product:write');
    expect(right('/api/product', 'get')).toBe('none');
    expect(right('/api/product/{id}/revisions/{revisionId}/restore', 'post')).toBe(
      'product:write product:publish',
    );
    expect(right('/api/enquiries/export.csv', 'get')).toBe('enquiry:read');
    expect(right('/api/tokens', 'post')).toBe('admin');
    expect(right('/api/account', 'get')).toBe('signed-in');
    expect(doc.paths['/api/product'].post.description).toMatch(
      /Required right: `product:write` for an API token/,
    );
    expect(doc.paths['/api/product'].get.description).toMatch(
      /An API token with `product:read` also sees drafts/,
    );
    expect(doc.components.securitySchemes.bearer.description).toMatch(/API token `vit_…`/);
  });
});
