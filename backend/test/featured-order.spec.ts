import { bearer, useTestApp } from './support/test-app';
import { createRecord } from './support/fixtures';

interface Item {
  _id: string;
  order?: number;
  featured?: boolean;
  featuredOrder?: number;
  [field: string]: unknown;
}

describe('featured items and hand-made order', () => {
  const t = useTestApp();
  let auth: Record<string, string>;

  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const product = async (ProductName: string, ProductCategory: string, featured = false) =>
    (await createRecord(t, auth, '/api/product', {
      ProductName,
      ProductCategory,
      featured,
    })) as Item;
  const names = (items: Item[], field = 'ProductName') => items.map((item) => item[field]);
  /** As a visitor sees it (through the public cache, as the site asks). */
  const visitorList = async (url: string) => (await t.api.get(url).expect(200)).body as Item[];
  const move = (kind: string, id: string, body: object) =>
    t.api.put(`/api/${kind}/${id}/position`).set(auth).send(body);

  it('lists a category in the order set by moves, and places new products last', async () => {
    const calico = await product('Calico', 'Cotton');
    const voile = await product('Voile', 'Cotton');
    const lawn = await product('Lawn', 'Cotton');
    await product('Flax', 'Linen');
    expect(names(await visitorList('/api/product?category=Cotton'))).toEqual([
      'Calico',
      'Voile',
      'Lawn',
    ]);

    const moved = await move('product', lawn._id, { order: 0 }).expect(200);
    expect(moved.body).toMatchObject({ ProductName: 'Lawn', order: 0 });
    await move('product', calico._id, { order: 99 }).expect(200);
    expect(names(await visitorList('/api/product?category=Cotton'))).toEqual([
      'Lawn',
      'Voile',
      'Calico',
    ]);
    // A move in Cotton leaves Linen's order alone; a new product goes to the end of its own.
    await product('Muslin', 'Cotton');
    expect(names(await visitorList('/api/product?category=Cotton'))).toEqual([
      'Lawn',
      'Voile',
      'Calico',
      'Muslin',
    ]);
    expect(names(await visitorList('/api/product?category=Linen'))).toEqual(['Flax']);

    // Moving to another category: last there, and the old one closes up.
    await t.api
      .put(`/api/product/${voile._id}`)
      .set(auth)
      .send({ ProductCategory: 'Linen' })
      .expect(200);
    const cotton = await visitorList('/api/product?category=Cotton');
    expect(names(cotton)).toEqual(['Lawn', 'Calico', 'Muslin']);
    expect(cotton.map((item) => item.order)).toEqual([0, 1, 2]);
    expect(names(await visitorList('/api/product?category=Linen'))).toEqual(['Flax', 'Voile']);
  });

  it('lists the featured products in their own order, which moves among them change', async () => {
    const ikat = await product('Ikat', 'Silk', true);
    const tussar = await product('Tussar', 'Silk', false);
    const khadi = await product('Khadi', 'Handloom', true);
    expect(names(await visitorList('/api/product?featured=true'))).toEqual(['Ikat', 'Khadi']);

    // Featuring one puts it last among the featured; a move puts it first.
    await t.api.put(`/api/product/${tussar._id}`).set(auth).send({ featured: true }).expect(200);
    await move('product', tussar._id, { featuredOrder: 0 }).expect(200);
    expect(names(await visitorList('/api/product?featured=true'))).toEqual([
      'Tussar',
      'Ikat',
      'Khadi',
    ]);

    // No longer featured: gone from the list, the others close up.
    await t.api.put(`/api/product/${ikat._id}`).set(auth).send({ featured: 'false' }).expect(200);
    const featured = await visitorList('/api/product?featured=true');
    expect(names(featured)).toEqual(['Tussar', 'Khadi']);
    expect(featured.map((item) => item.featuredOrder)).toEqual([0, 1]);
    expect(featured.every((item) => item.featured)).toBe(true);

    // An unpublished featured product stays hidden from visitors.
    await t.api.put(`/api/product/${khadi._id}`).set(auth).send({ published: false }).expect(200);
    expect(names(await visitorList('/api/product?featured=true'))).toEqual(['Tussar']);
  });

  it('orders services and reviews, and features them', async () => {
    const create = async (ServiceName: string, featured: boolean) =>
      (await createRecord(t, auth, '/api/service', {
        ServiceName,
        ServiceCategory: 'Interiors',
        featured,
      })) as Item;
    const kitchens = await create('Kitchens', false);
    await create('Courtyards', true);
    const vastu = await create('Vastu', true);
    await move('service', vastu._id, { order: 0 }).expect(200);
    expect(names(await visitorList('/api/service'), 'ServiceName')).toEqual([
      'Vastu',
      'Kitchens',
      'Courtyards',
    ]);
    await move('service', vastu._id, { featuredOrder: 1 }).expect(200);
    expect(names(await visitorList('/api/service?featured=true'), 'ServiceName')).toEqual([
      'Courtyards',
      'Vastu',
    ]);
    // Only a featured item has a place among the featured.
    const refused = await move('service', kitchens._id, { featuredOrder: 0 }).expect(400);
    expect(refused.body.errors).toHaveProperty('featuredOrder');

    const review = async (ClientName: string) =>
      (
        await t.api
          .post('/api/reviews')
          .set(auth)
          .field('ClientName', ClientName)
          .field('ClientReviews', 'Lovely work')
          .field('featured', 'true')
          .expect(201)
      ).body as Item;
    const meera = await review('Meera');
    await review('Arjun');
    await review('Nisha');
    // New reviews come first, as before; a move puts one anywhere.
    expect(names(await visitorList('/api/reviews'), 'ClientName')).toEqual([
      'Nisha',
      'Arjun',
      'Meera',
    ]);
    await move('reviews', meera._id, { order: 0 }).expect(200);
    expect(names(await visitorList('/api/reviews'), 'ClientName')).toEqual([
      'Meera',
      'Nisha',
      'Arjun',
    ]);
    expect(names(await visitorList('/api/reviews?featured=true'), 'ClientName')).toEqual([
      'Meera',
      'Arjun',
      'Nisha',
    ]);
  });

  it('refuses moves from visitors and bad positions, and answers 404 for no such item', async () => {
    const item = await product('Chanderi', 'Silk');
    await t.api.put(`/api/product/${item._id}/position`).send({ order: 0 }).expect(401);
    const bad = await move('product', item._id, { order: -1 }).expect(400);
    expect(bad.body.errors).toHaveProperty('order');
    await move('product', '665f1c2e8b3e4a0012345678', { order: 0 }).expect(404);
    const notBool = await t.api
      .put(`/api/product/${item._id}`)
      .set(auth)
      .send({ featured: 'maybe' })
      .expect(400);
    expect(notBool.body.errors).toHaveProperty('featured');
  });
});
