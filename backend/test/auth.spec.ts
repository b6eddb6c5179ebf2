import jwt from 'jsonwebtoken';
import { ADMIN, bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe('sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

  it('returns a JWT carrying sub, UserName and isAdmin, expiring in 8 hours by default', async () => {
    const response = await t.api.post('/api/user/login').send(ADMIN).expect(200);
    const claims = jwt.verify(response.body.token, SECRET) as jwt.JwtPayload;
    expect(claims).toMatchObject({
      UserName: 'admin',
      isAdmin: true,
      sub: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
  });

  it('accepts the user name in any case', async () => {
    await t.api
      .post('/api/user/login')
      .send({ ...ADMIN, UserName: 'ADMIN' })
      .expect(200);
  });

  it("answers 401 'Wrong Credentials' alike for a wrong password and an unknown user", async () => {
    const wrong = await t.api
      .post('/api/user/login')
      .send({ UserName: 'admin', Password: 'not-the-password' })
      .expect(401);
    const unknown = await t.api
      .post('/api/user/login')
      .send({ UserName: 'nobody', Password: 'whatever-it-is' })
      .expect(401);
    expect(wrong.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Wrong Credentials',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 with a message per empty field, and signs nobody in', async () => {
    const response = await t.api
      .post('/api/user/login')
      .send({ UserName: '', Password: '' })
      .expect(400);
    expect(response.body.errors).toEqual({
      UserName: 'User name is required',
      Password: 'Password is required',
    });
    expect(response.body.token).toBeUndefined();
  });

  it('refuses operator injection in the sign-in body', async () => {
    const response = await t.api
      .post('/api/user/login')
      .send({ UserName: { $ne: null }, Password: { $gt: '' } })
      .expect(400);
    expect(response.body.token).toBeUndefined();
  });

  describe('tokens on protected routes', () => {
    const userId = '0123456789abcdef01234567';
    it('refuses a missing token with 401', async () => {
      await t.api.get('/api/user').expect(401);
    });
    it('refuses a token signed with another secret', async () => {
      const forged = jwt.sign(
        { sub: userId, UserName: 'admin', isAdmin: true },
        'another-secret-another-secret-another',
      );
      await t.api.get('/api/user').set(bearer(forged)).expect(401);
    });
    it('refuses an unsigned token (alg: none)', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(
        JSON.stringify({
          sub: userId,
          UserName: 'admin',
          isAdmin: true,
          exp: Date.now() / 1000 + 600,
        }),
      ).toString('base64url');
      await t.api
        .get('/api/user')
        .set(bearer(`${header}.${body}.`))
        .expect(401);
    });
    it('refuses an expired token and says the session expired', async () => {
      const real = jwt.decode(t.adminToken) as jwt.JwtPayload;
      const expired = jwt.sign(
        {
          sub: real.sub,
          UserName: 'admin',
          isAdmin: true,
          exp: Math.floor(Date.now() / 1000) - 10,
        },
        SECRET,
      );
      const response = await t.api.get('/api/user').set(bearer(expired)).expect(401);
      expect(response.body.message).toMatch(/expired/);
    });
    it('refuses a valid token whose user no longer exists', async () => {
      const ghost = jwt.sign({ sub: userId, UserName: 'ghost', isAdmin: true }, SECRET, {
        expiresIn: '1h',
      });
      await t.api.get('/api/user').set(bearer(ghost)).expect(401);
    });
    it('answers 403 to a signed-in user who is not an administrator', async () => {
      await t.api
        .post('/api/user')
        .set(bearer(t.adminToken))
        .send({
          FirstName: 'Ed',
          LastName: 'Itor',
          UserName: 'editor',
          Email: 'ed@example.com',
          Number: '+91 98765 43210',
          Password: 'editor-password',
        })
        .expect(201);
      const token = await t.login('editor', 'editor-password');
      const response = await t.api.get('/api/user').set(bearer(token)).expect(403);
      expect(response.body.message).toBe('Administrator access is required');
    });
  });
});

describe('sign-in limits', () => {
  let t: TestApp;

  afterEach(async () => {
    await t.close();
  });
  afterAll(async () => {
    await stopTestDatabase();
  });

  it('locks an account for 15 minutes after 10 consecutive failures, even for the right password', async () => {
    t = await createTestApp();
    for (let attempt = 0; attempt < 10; attempt++) {
      await t.api
        .post('/api/user/login')
        .send({ UserName: 'admin', Password: `wrong-${attempt}` })
        .expect(401);
    }
    const locked = await t.api.post('/api/user/login').send(ADMIN).expect(429);
    expect(locked.body.message).toMatch(/locked/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('a success resets the failure count', async () => {
    t = await createTestApp();
    for (let attempt = 0; attempt < 9; attempt++) {
      await t.api
        .post('/api/user/login')
        .send({ UserName: 'admin', Password: `wrong-${attempt}` })
        .expect(401);
    }
    await t.api.post('/api/user/login').send(ADMIN).expect(200);
    for (let attempt = 0; attempt < 9; attempt++) {
      await t.api
        .post('/api/user/login')
        .send({ UserName: 'admin', Password: `wrong-${attempt}` })
        .expect(401);
    }
    await t.api.post('/api/user/login').send(ADMIN).expect(200);
  });

  it('rate-limits sign-in attempts per address with 429 and Retry-After', async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
    // createTestApp signed in once already.
    for (let attempt = 0; attempt < 4; attempt++) {
      await t.api
        .post('/api/user/login')
        .send({ UserName: `someone-${attempt}`, Password: 'whatever-it-is' })
        .expect(401);
    }
    const limited = await t.api.post('/api/user/login').send(ADMIN).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });
});
