import { contentForm } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';
import { pngImage } from './support/images';

describe('services', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  // Returns supertest's request unawaited, so the caller can chain expect().
  const create = (fields: Record<string, string>, image?: Buffer) =>
    contentForm(t.api.post('/api/service/').set(auth), fields, image, 'service.png');

  it('creates a service from the multipart form with its image', async () => {
    const response = await create(
      {
        ServiceName: 'Courtyard houses',
        ServiceCategory: 'Architecture',
        ServicePrice: '25000',
        ServiceHeading: 'Homes built around light',
        ServiceDescription:
          '<p>From the first sketch to the <em>last tile</em>.</p><script>x()</script>',
        ServiceStatus: 'Taking projects',
      },
      await pngImage(640, 480),
    ).expect(201);
    expect(response.body).toMatchObject({
      ServiceName: 'Courtyard houses',
      ServicePrice: 25000,
      slug: 'courtyard-houses',
      ServiceDescription: '<p>From the first sketch to the <em>last tile</em>.</p>',
      ServiceImage: expect.stringMatching(/-640\.webp$/),
    });
  });

  it('finds a service for /singleservice/{servicename} by slug or by name', async () => {
    const bySlug = await t.api.get('/api/service/singleservice/courtyard-houses').expect(200);
    const byName = await t.api
      .get(`/api/service/singleservice/${encodeURIComponent('Courtyard houses')}`)
      .expect(200);
    expect(byName.body._id).toBe(bySlug.body._id);
    const byId = await t.api.get(`/api/service/${bySlug.body._id}`).expect(200);
    expect(byId.body.ServiceName).toBe('Courtyard houses');
    await t.api.get('/api/service/singleservice/nothing-here').expect(404);
  });

  it('filters by category and lists the categories in use', async () => {
    await create({ ServiceName: 'Kitchen planning', ServiceCategory: 'Modular Kitchen' }).expect(
      201,
    );
    await create({ ServiceName: 'Terrace garden', ServiceCategory: 'Landscape' }).expect(201);
    const kitchens = await t.api.get('/api/service/?category=Modular%20Kitchen').expect(200);
    expect(kitchens.body.map((s: { ServiceName: string }) => s.ServiceName)).toEqual([
      'Kitchen planning',
    ]);

    const categories = await t.api.get('/api/service/getcategory').expect(200);
    expect(categories.body).toEqual([
      { ServiceCategory: 'Architecture', count: 1 },
      { ServiceCategory: 'Landscape', count: 1 },
      { ServiceCategory: 'Modular Kitchen', count: 1 },
    ]);
  });

  it('updates and deletes, for administrators only', async () => {
    const { body: service } = await create({
      ServiceName: 'Vastu review',
      ServiceCategory: 'Vastu Consultancy',
    }).expect(201);
    await t.api.put(`/api/service/${service._id}`).send({ ServiceStatus: 'x' }).expect(401);
    const updated = await t.api
      .put(`/api/service/${service._id}`)
      .set(auth)
      .send({ ServiceName: 'Vastu audit', ServiceStatus: 'Booked' })
      .expect(200);
    expect(updated.body).toMatchObject({
      ServiceName: 'Vastu audit',
      slug: 'vastu-audit',
      ServiceStatus: 'Booked',
    });
    await t.api.delete(`/api/service/${service._id}`).expect(401);
    await t.api.delete(`/api/service/${service._id}`).set(auth).expect(204);
    await t.api.get(`/api/service/${service._id}`).expect(404);
  });

  it('validates the fields', async () => {
    const response = await create({
      ServiceName: 'x'.repeat(121),
      ServiceCategory: '',
      ServicePrice: '-5',
    }).expect(400);
    expect(response.body.errors).toEqual({
      ServiceName: 'Service name must be at most 120 characters',
      ServiceCategory: 'Category is required',
      ServicePrice: 'Value cannot be negative',
    });
  });
});
