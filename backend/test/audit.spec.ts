import { bearer, createTestApp, useTestApp } from './support/test-app';
import { contentForm, createUser } from './support/fixtures';
import { pngImage } from './support/images';

interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  itemName: string | null;
  fields: string[];
  actorName: string;
}

describe('audit log', () => {
  let auth: Record<string, string>;
  const latest = async (entity: string): Promise<AuditEntry> =>
    (await t.api.get(`/api/audit?category=${entity}`).set(auth).expect(200)).body[0];

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('names the project changed and the fields an update changed, and no others', async () => {
    const created = await contentForm(
      t.api.post('/api/product').set(auth),
      { ProductName: 'Bagru Print', ProductCategory: 'Cotton', ProductHeading: 'Block printed' },
      await pngImage(400, 300),
      'bagru.png',
    ).expect(201);
    expect(await latest('product')).toMatchObject({
      action: 'create',
      entityId: created.body._id,
      itemName: 'Bagru Print',
      fields: [],
    });

    // The form sends every field; only the two that differ are named.
    await contentForm(t.api.put(`/api/product/${created.body._id}`).set(auth), {
      ProductName: 'Bagru Print',
      ProductCategory: 'Cotton',
      ProductHeading: 'Printed with wooden blocks',
      ProductPrice: '1450',
    }).expect(200);
    const update = await latest('product');
    expect(update).toMatchObject({ action: 'update', itemName: 'Bagru Print', actorName: 'admin' });
    expect(update.fields.sort()).toEqual(['ProductHeading', 'ProductPrice']);

    await t.api.delete(`/api/product/${created.body._id}`).set(auth).expect(204);
    expect(await latest('product')).toMatchObject({ action: 'delete', itemName: 'Bagru Print' });
  });

  it('names a user and a changed password without its value, and an enquiry by its sender', async () => {
    const user = await createUser(t, { UserName: 'meera.rao', Password: 'a long enough password' });
    await t.api
      .put(`/api/user/${user._id}`)
      .set(auth)
      .send({ Email: 'meera.rao@vitrine.example', Password: 'another long password' })
      .expect(200);
    const update = await latest('user');
    expect(update).toMatchObject({ action: 'update', itemName: 'meera.rao' });
    expect(update.fields.sort()).toEqual(['Email', 'Password']);
    expect(JSON.stringify(update)).not.toContain('another long password');

    const enquiry = await t.api
      .post('/api/enquiries')
      .send({
        FirstName: 'Ravi',
        LastName: 'Kumar',
        PhoneNumber: '9829012345',
        Email: 'ravi@example.com',
        Message: 'Curtains for two rooms',
      })
      .expect(201);
    await t.api
      .patch(`/api/enquiries/${enquiry.body._id}`)
      .set(auth)
      .send({ status: 'replied' })
      .expect(200);
    expect(await latest('enquiries')).toMatchObject({
      action: 'update',
      itemName: 'Ravi Kumar',
      fields: ['status'],
    });
    await t.api.delete(`/api/enquiries/${enquiry.body._id}`).set(auth).expect(204);
    expect(await latest('enquiries')).toMatchObject({ action: 'delete', itemName: 'Ravi Kumar' });
  });

  it('records a write once on a second instance in the same process, the first one closed', async () => {
    const first = await createTestApp({ MONGODB_URI: t.mongoUri });
    await first.close();
    const other = await createTestApp({ MONGODB_URI: t.mongoUri });
    try {
      const created = await other.api
        .post('/api/product')
        .set(auth)
        .send({ ProductName: 'Twice Told', ProductCategory: 'Linen' })
        .expect(201);
      const entries = (
        await t.api.get('/api/audit?category=product&limit=10').set(auth).expect(200)
      ).body as AuditEntry[];
      expect(entries.filter((entry) => entry.entityId === created.body._id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
