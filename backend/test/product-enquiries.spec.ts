import { bearer, useTestApp } from './support/test-app';
import { createRecord } from './support/fixtures';

const visitor = {
  source: 'contact',
  FirstName: 'Asha',
  Email: 'asha@example.com',
  Message: 'Is 200 m available by March?',
};

/** Enquiries sent from a product's or a service's page say which one they are about. */
describe('product-aware enquiries', () => {
  let auth: Record<string, string>;
  let product: { _id: string; slug: string };
  let service: { _id: string; slug: string };

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
    product = await createRecord(t, auth, '/api/product/', {
      ProductName: 'Sky Poplin',
      ProductCategory: 'Poplin',
    });
    service = await createRecord(t, auth, '/api/service/', {
      ServiceName: 'Vastu consultancy',
      ServiceCategory: 'Vastu',
    });
  });

  const send = (body: object) => t.api.post('/api/enquiries').send(body);
  const detail = async (id: string) =>
    (await t.api.get(`/api/enquiries/${id}`).set(auth).expect(200)).body;

  it('stores the product an enquiry was sent about, and the inbox shows it', async () => {
    const created = await send({ ...visitor, productId: product._id }).expect(201);
    expect(Object.keys(created.body).sort()).toEqual(['_id', 'createdAt', 'status']);
    expect((await detail(created.body._id)).about).toEqual({
      kind: 'product',
      id: product._id,
      name: 'Sky Poplin',
      slug: 'sky-poplin',
    });
    const list = (await t.api.get('/api/enquiries').set(auth).expect(200)).body;
    expect(list.find((e: { _id: string }) => e._id === created.body._id).about.name).toBe(
      'Sky Poplin',
    );
  });

  it('stores the service of an enquiry from a service page, and the call-back form too', async () => {
    const created = await send({
      Name: 'Ravi Kumar',
      Contact: '98765 43210',
      serviceId: service._id,
    }).expect(201);
    expect(await detail(created.body._id)).toMatchObject({
      source: 'callback',
      about: { kind: 'service', id: service._id, name: 'Vastu consultancy' },
    });
  });

  it('keeps the general enquiry as it was: no product, about is null', async () => {
    const created = await send(visitor).expect(201);
    expect((await detail(created.body._id)).about).toBeNull();
  });

  it('keeps the name it was sent about after the product is renamed', async () => {
    const other = await createRecord(t, auth, '/api/product/', {
      ProductName: 'Sage Linen',
      ProductCategory: 'Linen',
    });
    const created = await send({ ...visitor, productId: other._id }).expect(201);
    await t.api
      .put(`/api/product/${other._id}`)
      .set(auth)
      .send({ ProductName: 'Sage Green Linen' })
      .expect(200);
    expect((await detail(created.body._id)).about).toMatchObject({
      id: other._id,
      name: 'Sage Linen',
    });
  });

  it('refuses an id that is no id, and both a product and a service, naming the field', async () => {
    const before = Number(
      (await t.api.get('/api/enquiries').set(auth).expect(200)).headers['x-total-count'],
    );
    const bad = await send({ ...visitor, productId: 'sky-poplin' }).expect(400);
    expect(bad.body.errors).toEqual({ productId: 'productId must be the id of a product' });
    const both = await send({ ...visitor, productId: product._id, serviceId: service._id });
    expect(both.status).toBe(400);
    expect(both.body.errors.productId).toBe('Send either productId or serviceId, not both');
    const after = Number(
      (await t.api.get('/api/enquiries').set(auth).expect(200)).headers['x-total-count'],
    );
    expect(after).toBe(before);
  });

  it('keeps an enquiry about a product visitors can no longer see, without the link', async () => {
    const draft = await createRecord(t, auth, '/api/product/', {
      ProductName: 'Secret Khadi',
      ProductCategory: 'Khadi',
      published: false,
    });
    const created = await send({ ...visitor, productId: draft._id }).expect(201);
    const stored = await detail(created.body._id);
    expect(stored.about).toBeNull();
    expect(stored.Message).toBe(visitor.Message);
  });

  it('shows the WhatsApp number of the settings, which the public pages link to', async () => {
    const settings = (await t.api.get('/api/settings').expect(200)).body;
    expect(settings.whatsapp).toBe('+91 141 400 2002');
    const saved = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...settings, updatedAt: undefined, whatsapp: '+91 90000 12345' })
      .expect(200);
    expect(saved.body.whatsapp).toBe('+91 90000 12345');
    expect((await t.api.get('/api/settings').expect(200)).body.whatsapp).toBe('+91 90000 12345');

    const wrong = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...settings, updatedAt: undefined, whatsapp: 'call me' })
      .expect(400);
    expect(wrong.body.errors).toEqual({
      whatsapp: 'WhatsApp number must be a phone number (digits, spaces, +, - or brackets)',
    });
  });
});
