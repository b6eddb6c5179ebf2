import jwt from 'jsonwebtoken';
import { createUser } from './support/fixtures';
import { ADMIN, bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
// Every sign-in checks a password with argon2: at its production cost (64 MiB, 3 passes)
// about a second apiece at a load average of 15 on two cores. The test apps hash at
// PASSWORD_HASH_COST=low (support/test-app.ts); the long timeout stays for loaded machines.
// What these tests assert does not depend on that time.
jest.setTimeout(120_000);

describe('sessions that end', () => {
  let t: TestApp;
  let editorId: string;
  const EDITOR = { UserName: 'editor', Password: 'editor-password' };

  beforeAll(async () => {
    t = await createTestApp();
    editorId = (await createUser(t, { ...EDITOR, isAdmin: false }))._id;
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

  const works = async (token: string) =>
    (await t.api.get('/api/account').set(bearer(token))).status;

  it('signing out ends this token and every other token of the user, at once', async () => {
    const phone = await t.login(ADMIN.UserName, ADMIN.Password);
    const laptop = await t.login(ADMIN.UserName, ADMIN.Password);
    await t.api.post('/api/user/logout').set(bearer(phone)).expect(204);
    const refused = await t.api.get('/api/user').set(bearer(phone)).expect(401);
    expect(refused.body.message).toBe('This session has ended; please sign in again');
    expect(await works(laptop)).toBe(401);
    // Signing in again works, and a second sign-out with the old token changes nothing.
    const fresh = await t.login(ADMIN.UserName, ADMIN.Password);
    await t.api.post('/api/user/logout').set(bearer(phone)).expect(401);
    expect(await works(fresh)).toBe(200);
  });

  it('a password change ends the earlier tokens; the answer carries the one that works now', async () => {
    const other = await t.login(EDITOR.UserName, EDITOR.Password);
    const current = await t.login(EDITOR.UserName, EDITOR.Password);
    const changed = await t.api
      .put('/api/account/password')
      .set(bearer(current))
      .send({ CurrentPassword: EDITOR.Password, Password: 'a-new-editor-password' })
      .expect(200);
    expect(await works(other)).toBe(401);
    expect(await works(current)).toBe(401);
    expect(await works(changed.body.token)).toBe(200);
    await t.api.post('/api/user/login').send(EDITOR).expect(401);
    await t.login(EDITOR.UserName, 'a-new-editor-password');
    // Put back for the other tests.
    await t.api
      .put('/api/account/password')
      .set(bearer(changed.body.token))
      .send({ CurrentPassword: 'a-new-editor-password', Password: EDITOR.Password })
      .expect(200);
  });

  it('refuses a password change without the right current password, and changes nothing', async () => {
    const token = await t.login(EDITOR.UserName, EDITOR.Password);
    const wrong = await t.api
      .put('/api/account/password')
      .set(bearer(token))
      .send({ CurrentPassword: 'not-my-password', Password: 'a-new-editor-password' })
      .expect(400);
    expect(wrong.body.errors).toEqual({ CurrentPassword: 'The current password is not right' });
    const same = await t.api
      .put('/api/account/password')
      .set(bearer(token))
      .send({ CurrentPassword: EDITOR.Password, Password: EDITOR.Password })
      .expect(400);
    expect(Object.keys(same.body.errors)).toEqual(['Password']);
    expect(await works(token)).toBe(200);
    await t.login(EDITOR.UserName, EDITOR.Password);
  });

  it("an administrator's new password for a user ends that user's tokens", async () => {
    // Signing out above ended every earlier administrator token, t.adminToken included.
    const admin = bearer(await t.login(ADMIN.UserName, ADMIN.Password));
    const editor = await t.login(EDITOR.UserName, EDITOR.Password);
    await t.api
      .put(`/api/user/${editorId}`)
      .set(admin)
      .send({ Password: 'set-by-the-admin' })
      .expect(200);
    expect(await works(editor)).toBe(401);
    // Other edits leave sessions alone.
    const again = await t.login(EDITOR.UserName, 'set-by-the-admin');
    await t.api
      .put(`/api/user/${editorId}`)
      .set(admin)
      .send({ FirstName: 'Edna', Password: '' })
      .expect(200);
    expect(await works(again)).toBe(200);
    await t.api
      .put(`/api/user/${editorId}`)
      .set(admin)
      .send({ Password: EDITOR.Password })
      .expect(200);
  });

  it('an administrator\'s "sign out everywhere" ends another user\'s tokens, not their own', async () => {
    const admin = await t.login(ADMIN.UserName, ADMIN.Password);
    const editor = await t.login(EDITOR.UserName, EDITOR.Password);
    await t.api.post(`/api/user/${editorId}/logout`).set(bearer(admin)).expect(204);
    expect(await works(editor)).toBe(401);
    expect(await works(admin)).toBe(200);
    await t.api.post('/api/user/0123456789abcdef01234567/logout').set(bearer(admin)).expect(404);
    const editorAgain = await t.login(EDITOR.UserName, EDITOR.Password);
    await t.api.post(`/api/user/${editorId}/logout`).set(bearer(editorAgain)).expect(403);
  });

  it('lets any signed-in user read their own account, which never carries a hash or the token version', async () => {
    const editor = await t.login(EDITOR.UserName, EDITOR.Password);
    const me = await t.api.get('/api/account').set(bearer(editor)).expect(200);
    expect(me.body).toMatchObject({ _id: editorId, UserName: 'editor', isAdmin: false });
    expect(Object.keys(me.body)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/Password|tokenVersion|failedLogins/)]),
    );
    await t.api.get('/api/account').expect(401);
  });

  it('renews a working token: a later expiry, the same sign-in time, for any signed-in user', async () => {
    const token = await t.login(EDITOR.UserName, EDITOR.Password);
    const before = jwt.verify(token, SECRET) as jwt.JwtPayload;
    // A later second of the system's time, which jsonwebtoken stamps tokens with (not the
    // app's Clock, which the tests could move).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const renewed = await t.api.post('/api/account/token').set(bearer(token)).expect(200);
    const after = jwt.verify(renewed.body.token, SECRET) as jwt.JwtPayload;
    expect(after.exp!).toBeGreaterThan(before.exp!);
    expect(after).toMatchObject({ sub: editorId, auth_time: before.auth_time, ver: before.ver });
    expect(await works(renewed.body.token)).toBe(200);
    // An ended session is not renewed: its tokens are refused outright.
    await t.api.post('/api/user/logout').set(bearer(renewed.body.token)).expect(204);
    await t.api.post('/api/account/token').set(bearer(token)).expect(401);
  });

  it('asks for the password again once the sign-in is older than SESSION_MAX_HOURS', async () => {
    const fresh = jwt.verify(
      await t.login(EDITOR.UserName, EDITOR.Password),
      SECRET,
    ) as jwt.JwtPayload;
    const hours = (n: number) => Math.floor(Date.now() / 1000) - n * 3600;
    const token = (signedIn: number) =>
      jwt.sign(
        { sub: editorId, UserName: 'editor', isAdmin: false, ver: fresh.ver, auth_time: signedIn },
        SECRET,
        { expiresIn: '1h' },
      );
    await t.api
      .post('/api/account/token')
      .set(bearer(token(hours(167))))
      .expect(200);
    const old = await t.api
      .post('/api/account/token')
      .set(bearer(token(hours(169))))
      .expect(401);
    expect(old.body.message).toBe('This session is too old to renew; please sign in again');
  });

  it('ends the tokens on another API instance on the same database at once', async () => {
    const second = await createTestApp({ MONGODB_URI: t.mongoUri });
    try {
      const token = await t.login(ADMIN.UserName, ADMIN.Password);
      expect((await second.api.get('/api/account').set(bearer(token))).status).toBe(200);
      await t.api.post('/api/user/logout').set(bearer(token)).expect(204);
      expect((await second.api.get('/api/account').set(bearer(token))).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
