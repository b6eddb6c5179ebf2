import jwt from 'jsonwebtoken';
import { Clock } from '../src/common/clock/clock';
import { clientFrom, listening, type Answer } from './support/client-address';
import { holdClock } from './support/held-clock';
import { ADMIN, bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
// The sign-in limit tests check up to 34 passwords each with argon2 (64 MiB, 3 passes), about
// a second apiece at a load average of 15 on two cores: 30 s was not enough there. What they
// assert does not depend on that time (the throttle's clock is held: holdClock).
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
  let url: string;
  const WRONG = (attempt: number | string) => ({ UserName: 'admin', Password: `wrong-${attempt}` });
  const from = (address: string, app = url) => clientFrom(app, address);
  const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);
  /** An answer without what depends on the clock (how many seconds to wait). */
  const shape = (answer: Answer) => ({
    status: answer.status,
    body: { ...answer.body, message: answer.body.message?.replace(/\d+ seconds?/, 'N seconds') },
    retryAfter: answer.headers['retry-after'] === undefined ? 'none' : 'some',
  });

  beforeEach(async () => {
    t = await createTestApp();
    url = await listening(t.app);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });
  afterAll(async () => {
    await stopTestDatabase();
  });

  it('lets 5 wrong guesses from an address through, then makes it wait, the right password included', async () => {
    holdClock(t.app);
    const client = from('127.0.0.2');
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      answers.push(await client.post('/api/user/login', WRONG(attempt)));
    }
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const slowed = answers[5];
    // The first wait is 2 s, counted from the fifth wrong answer (the clock is held there).
    expect(slowed.body.message).toBe('Too many failed sign-ins; please try again in 2 seconds');
    expect(slowed.headers['retry-after']).toBe('2');
    expect((await client.post('/api/user/login', ADMIN)).status).toBe(429);
  });

  it('holds guesses sent in parallel, to two API instances, no later than sequential ones', async () => {
    // Found by hand (issue 16): 33 guesses in three parallel bursts locked nothing, because
    // failures were counted read-increment-save.
    const second = await createTestApp({ MONGODB_URI: t.mongoUri });
    holdClock(t.app, second.app);
    try {
      const instances = [url, await listening(second.app)];
      let passed = 0;
      for (let burst = 0; burst < 3; burst++) {
        const answers = await Promise.all(
          Array.from({ length: 11 }, (_, i) =>
            from('127.0.0.3', instances[i % 2]).post('/api/user/login', WRONG(`${burst}-${i}`)),
          ),
        );
        expect(statuses(answers).every((status) => status === 401 || status === 429)).toBe(true);
        passed += answers.filter((answer) => answer.status === 401).length;
      }
      expect(passed).toBe(5);
      expect((await from('127.0.0.3', instances[1]).post('/api/user/login', ADMIN)).status).toBe(
        429,
      );
    } finally {
      await second.close();
    }
  });

  it('signs in through an instance whose clock is a second behind, just after a sign-in through another, and both at once', async () => {
    // Found by bench:api (two instances started together, each signing in as soon as it
    // answered): an attempt that read the time before another's success was written was
    // held by that success's time, with a 429. A clock a little behind does the same.
    const second = await createTestApp({ MONGODB_URI: t.mongoUri });
    jest.spyOn(second.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() - 1000));
    try {
      const behind = await listening(second.app);
      expect((await from('127.0.0.30').post('/api/user/login', ADMIN)).status).toBe(200);
      expect((await from('127.0.0.30', behind).post('/api/user/login', ADMIN)).status).toBe(200);
      const together = await Promise.all(
        [url, behind, url, behind].map((app) =>
          from('127.0.0.31', app).post('/api/user/login', ADMIN),
        ),
      );
      expect(statuses(together)).toEqual([200, 200, 200, 200]);
    } finally {
      jest.restoreAllMocks();
      await second.close();
    }
  });

  it('never lets guesses from other addresses stop the owner: after 30 wrong passwords the right one signs in at once', async () => {
    // The owner signed in from home before; an office address mistyped once, never signed in.
    await from('127.0.0.20').post('/api/user/login', ADMIN);
    expect((await from('127.0.0.21').post('/api/user/login', WRONG('typo'))).status).toBe(401);
    for (const attacker of ['127.0.0.10', '127.0.0.11', '127.0.0.12']) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await from(attacker).post('/api/user/login', WRONG(attempt));
        expect([401, 429]).toContain(answer.status);
      }
    }
    // From home, and from an address that never guessed wrong: at once.
    expect((await from('127.0.0.20').post('/api/user/login', ADMIN)).status).toBe(200);
    expect((await from('127.0.0.22').post('/api/user/login', ADMIN)).status).toBe(200);
    // The office address shares the name's ceiling with the attackers: a minute at most.
    const office = await from('127.0.0.21').post('/api/user/login', ADMIN);
    if (office.status === 429)
      expect(Number(office.headers['retry-after'])).toBeLessThanOrEqual(60);
    else expect(office.status).toBe(200);
  });

  it("lets a new address's guesses sent at once through one at a time when the name's ceiling is spent, and still the owner", async () => {
    // Found by hand (issue 30): whether an address was new was read before the atomic
    // count, so five guesses sent at once from a new address were all let in as its first.
    holdClock(t.app);
    expect((await from('127.0.0.70').post('/api/user/login', ADMIN)).status).toBe(200);
    // Four addresses guess four times each: every first guess is free, the other twelve
    // want one of the ceiling's ten.
    const spending: Answer[] = [];
    for (const attacker of ['127.0.0.71', '127.0.0.72', '127.0.0.73', '127.0.0.74']) {
      for (let attempt = 0; attempt < 4; attempt++) {
        spending.push(
          await from(attacker).post('/api/user/login', WRONG(`${attacker}-${attempt}`)),
        );
      }
    }
    expect(statuses(spending).filter((status) => status === 401)).toHaveLength(14);
    expect(statuses(spending).slice(-2)).toEqual([429, 429]);

    const newcomer = from('127.0.0.75');
    const together = await Promise.all(
      Array.from({ length: 5 }, (_, i) => newcomer.post('/api/user/login', WRONG(`new-${i}`))),
    );
    expect(statuses(together).sort()).toEqual([401, 429, 429, 429, 429]);
    // The owner, at home and on an address that never guessed wrong, is not held.
    expect((await from('127.0.0.70').post('/api/user/login', ADMIN)).status).toBe(200);
    expect((await from('127.0.0.76').post('/api/user/login', ADMIN)).status).toBe(200);
  });

  it('answers unknown and existing names alike, before and after 10 failures', async () => {
    holdClock(t.app);
    const answersFor = async (UserName: string, [first, second, third]: string[]) => {
      const attempt = (address: string, n: number) =>
        from(address).post('/api/user/login', { UserName, Password: `x-${n}` });
      const answers: Answer[] = [];
      // 10 failures, 5 from each of two addresses: the most either may make without waiting.
      for (let n = 0; n < 10; n++) answers.push(await attempt(n < 5 ? first : second, n));
      // After them, the address that just made its fifth waits; a new address is answered
      // as before.
      answers.push(await attempt(second, 10));
      answers.push(await attempt(third, 11));
      return answers;
    };
    const existing = await answersFor('admin', ['127.0.0.30', '127.0.0.31', '127.0.0.32']);
    const unknown = await answersFor('nobody-at-all', ['127.0.0.40', '127.0.0.41', '127.0.0.42']);
    expect(statuses(existing)).toEqual([...Array(10).fill(401), 429, 401]);
    expect(unknown.map(shape)).toEqual(existing.map(shape));
  });

  it('an administrator can unlock an account, and a new password unlocks it too', async () => {
    const { body: users } = await t.api.get('/api/user').set(bearer(t.adminToken));
    const adminId = (users as { _id: string; UserName: string }[]).find(
      (user) => user.UserName === 'admin',
    )!._id;
    holdClock(t.app);
    const client = from('127.0.0.50');
    for (let attempt = 0; attempt < 6; attempt++)
      await client.post('/api/user/login', WRONG(attempt));
    expect((await client.post('/api/user/login', ADMIN)).status).toBe(429);
    await t.api.post(`/api/user/${adminId}/unlock`).set(bearer(t.adminToken)).expect(204);
    expect((await client.post('/api/user/login', ADMIN)).status).toBe(200);

    for (let attempt = 0; attempt < 6; attempt++)
      await client.post('/api/user/login', WRONG(attempt));
    expect((await client.post('/api/user/login', ADMIN)).status).toBe(429);
    await t.api
      .put(`/api/user/${adminId}`)
      .set(bearer(t.adminToken))
      .send({ Password: 'a-brand-new-password' })
      .expect(200);
    const after = await client.post('/api/user/login', {
      UserName: 'admin',
      Password: 'a-brand-new-password',
    });
    expect(after.status).toBe(200);
    await t.api
      .post('/api/user/0123456789abcdef01234567/unlock')
      .set(bearer(after.body.token!))
      .expect(404);
  });

  it('guesses of the current password at "change my password" count like sign-in guesses', async () => {
    holdClock(t.app);
    const client = from('127.0.0.60');
    const token = (await client.post('/api/user/login', ADMIN)).body.token!;
    const change = (CurrentPassword: string) =>
      client.send(
        'PUT',
        '/api/account/password',
        { CurrentPassword, Password: 'another-new-password' },
        bearer(token),
      );
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push(await change(`wrong-${attempt}`));
    expect(statuses(answers)).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await change(ADMIN.Password)).status).toBe(429);
  });

  it('also limits sign-in attempts per address per minute (LOGIN_RATE_LIMIT), with Retry-After', async () => {
    await t.close();
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

describe('sessions that end', () => {
  let t: TestApp;
  let editorId: string;
  const EDITOR = { UserName: 'editor', Password: 'editor-password' };

  beforeAll(async () => {
    t = await createTestApp();
    const created = await t.api
      .post('/api/user')
      .set(bearer(t.adminToken))
      .send({
        FirstName: 'Ed',
        LastName: 'Itor',
        Email: 'ed@example.com',
        Number: '+91 98765 43210',
        isAdmin: false,
        ...EDITOR,
      })
      .expect(201);
    editorId = created.body._id;
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
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second
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
