import { bearer, useTestApp } from './support/test-app';

const asha = {
  FirstName: 'Asha',
  LastName: 'Verma',
  UserName: 'asha.verma',
  Email: 'asha@vitrine.example',
  Number: '+91 98765 43210',
  Password: 'a-long-password',
};

describe('users', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('creates a user, and no answer ever carries a password or its hash', async () => {
    const created = await t.api.post('/api/user').set(auth).send(asha).expect(201);
    expect(created.body).toMatchObject({
      FirstName: 'Asha',
      UserName: 'asha.verma',
      isAdmin: false,
    });
    const listed = await t.api.get('/api/user').set(auth).expect(200);
    const fetched = await t.api.get(`/api/user/${created.body._id}`).set(auth).expect(200);
    for (const text of [created.text, listed.text, fetched.text]) {
      expect(text).not.toMatch(/Password|argon2|a-long-password/);
    }
  });

  it('stores the password as an argon2id hash', async () => {
    const mongoose = await import('mongoose');
    const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`));
    const stored = await connection!.collection('users').findOne({ userNameKey: 'asha.verma' });
    expect(stored!.Password).toMatch(/^\$argon2id\$/);
  });

  it('lists users as an array with X-Total-Count, and searches and pages', async () => {
    const all = await t.api.get('/api/user').set(auth).expect(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.headers['x-total-count']).toBe(String(all.body.length));

    const found = await t.api.get('/api/user?q=VERMA').set(auth).expect(200);
    expect(found.body.map((u: { UserName: string }) => u.UserName)).toEqual(['asha.verma']);

    const page = await t.api.get('/api/user?limit=1&page=1&sort=-UserName').set(auth).expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers.link).toContain('rel="next"');
  });

  it('refuses a duplicate user name or e-mail, in any case, with 409 naming the field', async () => {
    const sameName = await t.api
      .post('/api/user')
      .set(auth)
      .send({ ...asha, UserName: 'ASHA.Verma', Email: 'other@vitrine.example' })
      .expect(409);
    expect(sameName.body.errors).toEqual({ UserName: 'This user name is already taken' });

    const sameEmail = await t.api
      .post('/api/user')
      .set(auth)
      .send({ ...asha, UserName: 'asha2', Email: 'ASHA@vitrine.example' })
      .expect(409);
    expect(sameEmail.body.errors).toEqual({ Email: 'This e-mail address is already used' });
  });

  it('validates fields with a message for each', async () => {
    const response = await t.api
      .post('/api/user')
      .set(auth)
      .send({
        FirstName: '',
        LastName: 'X',
        UserName: 'a b',
        Email: 'not-an-email',
        Number: 'call me',
        Password: 'short',
      })
      .expect(400);
    expect(response.body.errors).toEqual({
      FirstName: 'First name is required',
      UserName: 'User name must be 3-40 letters, digits, dots, dashes or underscores',
      Email: 'Email must be a valid e-mail address',
      Number: 'Number must be a phone number (digits, spaces, +, - or brackets)',
      Password: 'Password must be 8 to 128 characters',
    });
  });

  it('refuses unknown fields instead of storing them', async () => {
    const response = await t.api
      .post('/api/user')
      .set(auth)
      .send({ ...asha, UserName: 'someone', Email: 's@example.com', role: 'owner' })
      .expect(400);
    expect(response.body.errors).toHaveProperty('role');
  });

  it('keeps the old password when PUT sends none or an empty one, and changes it when given', async () => {
    const { body: user } = await t.api
      .post('/api/user')
      .set(auth)
      .send({ ...asha, UserName: 'keeper', Email: 'keeper@example.com', isAdmin: true })
      .expect(201);

    await t.api
      .put(`/api/user/${user._id}`)
      .set(auth)
      .send({ FirstName: 'Kept', Password: '' })
      .expect(200);
    await t.login('keeper', asha.Password);

    const updated = await t.api
      .put(`/api/user/${user._id}`)
      .set(auth)
      .send({ Password: 'a-brand-new-password' })
      .expect(200);
    expect(updated.body.FirstName).toBe('Kept');
    await t.login('keeper', 'a-brand-new-password');
    await t.api
      .post('/api/user/login')
      .send({ UserName: 'keeper', Password: asha.Password })
      .expect(401);
  });

  it('answers 400 for a malformed id and 404 for a missing one', async () => {
    const malformed = await t.api.get('/api/user/not-an-id').set(auth).expect(400);
    expect(malformed.body.errors).toHaveProperty('id');
    await t.api.get('/api/user/0123456789abcdef01234567').set(auth).expect(404);
    await t.api.delete('/api/user/0123456789abcdef01234567').set(auth).expect(404);
  });

  it('refuses to delete yourself or the last administrator', async () => {
    const me = await t.api.get('/api/user?q=admin').set(auth);
    const admin = me.body.find((u: { UserName: string }) => u.UserName === 'admin');
    const self = await t.api.delete(`/api/user/${admin._id}`).set(auth).expect(409);
    expect(self.body.message).toBe('You cannot delete your own account');

    // Sign in as another admin and try to remove the admins one by one.
    const { body: other } = await t.api
      .post('/api/user')
      .set(auth)
      .send({ ...asha, UserName: 'second.admin', Email: 'second@example.com', isAdmin: true })
      .expect(201);
    const otherToken = await t.login('second.admin', asha.Password);
    const admins = (await t.api.get('/api/user?limit=100').set(auth)).body.filter(
      (u: { isAdmin: boolean }) => u.isAdmin,
    );
    for (const user of admins) {
      if (user._id === other._id || user.UserName === 'admin') continue;
      await t.api.delete(`/api/user/${user._id}`).set(bearer(otherToken)).expect(204);
    }
    await t.api.delete(`/api/user/${admin._id}`).set(bearer(otherToken)).expect(204);
    const last = await t.api
      .put(`/api/user/${other._id}`)
      .set(bearer(otherToken))
      .send({ isAdmin: false })
      .expect(409);
    expect(last.body.message).toMatch(/own administrator rights|last administrator/);
  });
});
