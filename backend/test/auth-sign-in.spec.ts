import jwt from 'jsonwebtoken';
import { signedInUser } from './support/fixtures';
import { ADMIN, bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
// Every sign-in checks a password with argon2: at its production cost (64 MiB, 3 passes)
// about a second apiece at a load average of 15 on two cores. The test apps hash at
// PASSWORD_HASH_COST=low (support/test-app.ts); the long timeout stays for loaded machines.
// What these tests assert does not depend on that time.
jest.setTimeout(120_000);

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
      ver: 0,
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
    it('refuses a token from the second it expires, though it was accepted just before', async () => {
      const real = jwt.decode(t.adminToken) as jwt.JwtPayload;
      const exp = Math.floor(Date.now() / 1000) + 2;
      const shortLived = jwt.sign({ ...real, exp }, SECRET);
      await t.api.get('/api/user').set(bearer(shortLived)).expect(200);
      // Expiry is jsonwebtoken's, against the system's time, not the app's Clock: wait for it.
      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
      const response = await t.api.get('/api/user').set(bearer(shortLived)).expect(401);
      expect(response.body.message).toMatch(/expired/);
    });
    it('refuses a valid token whose user no longer exists', async () => {
      const ghost = jwt.sign({ sub: userId, UserName: 'ghost', isAdmin: true }, SECRET, {
        expiresIn: '1h',
      });
      await t.api.get('/api/user').set(bearer(ghost)).expect(401);
    });
    it('answers 403 to a signed-in user who is not an administrator', async () => {
      const editor = await signedInUser(t, { UserName: 'editor', Password: 'editor-password' });
      const response = await t.api.get('/api/user').set(editor.auth).expect(403);
      expect(response.body.message).toBe('Administrator access is required');
    });
  });
});
