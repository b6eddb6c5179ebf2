import { bearer, useTestApp } from './support/test-app';
import { ashaEnquiry as asha, signedInUser } from './support/fixtures';
import { enquiryHelpers, type Enquiry } from './support/enquiries';

describe('managing enquiries', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const { send, detail, listIds, database } = enquiryHelpers(t);

  it('keeps every admin route from visitors (401) and from users who are not administrators (403)', async () => {
    const { body: enquiry } = await send(asha).expect(201);
    const { auth: staff } = await signedInUser(t, { UserName: 'nora', Password: 'nora-password' });

    const routes = [
      () => t.api.get('/api/enquiries'),
      () => t.api.get('/api/enquiries/stats'),
      () => t.api.get('/api/enquiries/export.csv'),
      () => t.api.get(`/api/enquiries/${enquiry._id}`),
      () => t.api.patch(`/api/enquiries/${enquiry._id}`).send({ status: 'archived' }),
      () => t.api.delete(`/api/enquiries/${enquiry._id}`),
    ];
    for (const route of routes) {
      const anonymous = await route();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Sign-in required');
      const notAdmin = await route().set(staff);
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.text).not.toContain(asha.Email);
    }
    expect(await detail(enquiry._id)).toMatchObject({ status: 'new', note: '' });
  });

  it('lets the admin change the status and keep an internal note', async () => {
    const { body: enquiry } = await send(asha).expect(201);
    const updated = await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ status: 'replied', note: '  Called back on Monday; sending samples. ' })
      .expect(200);
    expect(updated.body).toMatchObject({
      _id: enquiry._id,
      status: 'replied',
      note: 'Called back on Monday; sending samples.',
      FirstName: 'Asha',
    });
    expect(updated.body).toHaveProperty('mail');

    await t.api.patch(`/api/enquiries/${enquiry._id}`).set(auth).send({ note: '' }).expect(200);
    expect(await detail(enquiry._id)).toMatchObject({ status: 'replied', note: '' });

    const badStatus = await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ status: 'done' })
      .expect(400);
    expect(badStatus.body.errors).toEqual({
      status: 'status must be one of: new, read, replied, archived, spam',
    });
    const longNote = await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ note: 'n'.repeat(2001) })
      .expect(400);
    expect(longNote.body.errors).toEqual({ note: 'note must be at most 2000 characters' });
    await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ FirstName: 'Changed' })
      .expect(400);
    await t.api
      .patch('/api/enquiries/0123456789abcdef01234567')
      .set(auth)
      .send({ status: 'read' })
      .expect(404);
    await t.api.patch('/api/enquiries/not-an-id').set(auth).send({ status: 'read' }).expect(400);
    expect(await detail(enquiry._id)).toMatchObject({ status: 'replied', FirstName: 'Asha' });
  });

  it('filters the list by status, by an inclusive day range and by a search in names, e-mail, phone and message', async () => {
    const make = async (fields: object) =>
      (await send({ ...asha, ...fields }).expect(201)).body._id;
    const late = await make({ FirstName: 'Zubin', Email: 'zubin@example.com' });
    const early = await make({
      Message: 'Samples of zanzibar cotton, please',
      PhoneNumber: '022 5550 1234',
    });
    const today = await make({ LastName: 'Zanzibarwala' });
    // Back-date two of them, either side of midnight UTC.
    const enquiries = (await database()).collection('enquiries');
    const mongoose = await import('mongoose');
    const at = (id: string, iso: string) =>
      enquiries.updateOne(
        { _id: new mongoose.Types.ObjectId(id) },
        { $set: { createdAt: new Date(iso) } },
      );
    await at(early, '2025-01-15T23:30:00.000Z');
    await at(late, '2025-01-16T00:10:00.000Z');

    expect(await listIds('?q=ZANZIBAR')).toEqual([today, early]);
    expect(await listIds('?q=zubin@example')).toEqual([late]);
    expect(await listIds('?q=5550%201234')).toEqual([early]);
    expect(await listIds('?q=zanzibar&sort=createdAt')).toEqual([early, today]);

    expect(await listIds('?from=2025-01-15&to=2025-01-15')).toEqual([early]);
    expect(await listIds('?from=2025-01-16&to=2025-01-16')).toEqual([late]);
    expect(await listIds('?from=2025-01-15&to=2025-01-16')).toEqual([late, early]);
    expect(await listIds('?to=2025-01-16T00:00:00Z')).toEqual([early]);
    const fromLate = await listIds('?from=2025-01-16&limit=100');
    expect(fromLate).toEqual(expect.arrayContaining([late, today]));
    expect(fromLate).not.toContain(early);

    await t.api.patch(`/api/enquiries/${today}`).set(auth).send({ status: 'read' }).expect(200);
    expect(await listIds('?status=read&q=zanzibar')).toEqual([today]);
    expect(await listIds('?status=new&q=zanzibar')).toEqual([early]);
    expect(await listIds('?status=&q=zanzibar')).toEqual([today, early]);

    const backwards = await t.api
      .get('/api/enquiries?from=2025-02-01&to=2025-01-01')
      .set(auth)
      .expect(400);
    expect(backwards.body.errors).toEqual({ to: 'Must be on or after from' });
    const notADate = await t.api.get('/api/enquiries?from=yesterday').set(auth).expect(400);
    expect(notADate.body.errors).toHaveProperty('from');
    await t.api.get('/api/enquiries?from=2025-02-30').set(auth).expect(400);
    await t.api.get('/api/enquiries?status=pending').set(auth).expect(400);
    const badSort = await t.api.get('/api/enquiries?sort=note').set(auth).expect(400);
    expect(badSort.body.errors.sort).toMatch(/createdAt, status, FirstName, LastName, Email/);
  });

  it('lists newest first by default, pages with X-Total-Count, and answers 404 for a missing id', async () => {
    const page = await t.api.get('/api/enquiries?limit=2').set(auth).expect(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(page.headers.link).toContain('rel="next"');
    const [first, second] = page.body as Enquiry[];
    expect(first.createdAt >= second.createdAt).toBe(true);
    await t.api.get('/api/enquiries/0123456789abcdef01234567').set(auth).expect(404);
    await t.api.get('/api/enquiries/not-an-id').set(auth).expect(400);
  });

  it('counts the new enquiries for the menu badge', async () => {
    const count = async () =>
      (await t.api.get('/api/enquiries/stats').set(auth).expect(200)).body as { new: number };
    const before = await count();
    expect(before).toEqual({ new: expect.any(Number) });
    const { body: enquiry } = await send(asha).expect(201);
    expect(await count()).toEqual({ new: before.new + 1 });
    await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ status: 'read' })
      .expect(200);
    expect(await count()).toEqual({ new: before.new });
  });

  it('deletes an enquiry with 204, after which it is gone', async () => {
    const { body: enquiry } = await send(asha).expect(201);
    await t.api.delete(`/api/enquiries/${enquiry._id}`).set(auth).expect(204);
    await t.api.get(`/api/enquiries/${enquiry._id}`).set(auth).expect(404);
    await t.api.delete(`/api/enquiries/${enquiry._id}`).set(auth).expect(404);
    expect(await listIds('?limit=100')).not.toContain(enquiry._id);
    const outbox = (await database()).collection('outbox');
    const mongoose = await import('mongoose');
    expect(
      await outbox.countDocuments({ enquiryId: new mongoose.Types.ObjectId(enquiry._id) }),
    ).toBe(0);
  });

  it('documents the routes, the honeypot and the answers in the OpenAPI document', async () => {
    const { body: doc } = await t.api.get('/api/docs-json').expect(200);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/enquiries',
        '/api/enquiries/stats',
        '/api/enquiries/export.csv',
        '/api/enquiries/{id}',
      ]),
    );
    const post = doc.paths['/api/enquiries'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    expect(post.security).toBeUndefined();
    const list = doc.paths['/api/enquiries'].get;
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths['/api/enquiries/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
    expect(doc.components.schemas.CreateEnquiryDto.properties.website.description).toMatch(
      /Honeypot/,
    );
  });
});
