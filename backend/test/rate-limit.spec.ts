import { clientFrom, listening } from './support/client-address';
import { holdClock } from './support/held-clock';
import { ADMIN, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const enquiry = { Name: 'Ravi', Contact: '98765 43210', Email: '', Message: '' };

describe('rate limits shared by every API instance', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(() => stopTestDatabase());

  /** Two instances on one database, as behind a load balancer. */
  async function twoInstances(env: Record<string, string>): Promise<[TestApp, TestApp]> {
    const a = await createTestApp(env);
    apps.unshift(a);
    const b = await createTestApp({ ...env, MONGODB_URI: a.mongoUri });
    apps.unshift(b);
    return [a, b];
  }

  it('counts enquiries from one address sent to either instance against one limit', async () => {
    const [a, b] = await twoInstances({ ENQUIRY_RATE_LIMIT: '3' });
    await a.api.post('/api/enquiries').send(enquiry).expect(201);
    await b.api.post('/api/enquiries').send(enquiry).expect(201);
    await a.api.post('/api/enquiries').send(enquiry).expect(201);
    const refused = await b.api.post('/api/enquiries').send(enquiry).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await a.api.post('/api/enquiries').send(enquiry).expect(429);
  });

  it('counts sign-in attempts on either instance against one limit', async () => {
    // Each instance's start signs the administrator in once: two of the six.
    const [a, b] = await twoInstances({ LOGIN_RATE_LIMIT: '6' });
    const wrong = { UserName: ADMIN.UserName, Password: 'not-the-password' };
    for (const app of [a, b, a, b]) await app.api.post('/api/user/login').send(wrong).expect(401);
    await b.api.post('/api/user/login').send(ADMIN).expect(429);
    await a.api.post('/api/user/login').send(ADMIN).expect(429);
  });
});

describe('client addresses: X-Forwarded-For is believed only from a trusted proxy', () => {
  let t: TestApp;
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });
  afterAll(() => stopTestDatabase());

  const forged = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n}` });

  it('changes nothing when a client that is not a trusted proxy forges it', async () => {
    // The proxy is 127.0.0.1; the forger connects from 127.0.0.2.
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', ENQUIRY_RATE_LIMIT: '3' });
    const forger = clientFrom(await listening(t.app), '127.0.0.2');
    const enquiries = [];
    for (let n = 0; n < 4; n++)
      enquiries.push(await forger.post('/api/enquiries', enquiry, forged(n)));
    expect(enquiries.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);

    // The sixth guess is held for 2 s after the fifth: held here however slow the machine.
    holdClock(t.app);
    const guesses = [];
    for (let n = 0; n < 6; n++) {
      const wrong = { UserName: ADMIN.UserName, Password: `wrong-${n}` };
      guesses.push(await forger.post('/api/user/login', wrong, forged(n)));
    }
    expect(guesses.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts each client the trusted proxy names on its own', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', ENQUIRY_RATE_LIMIT: '3' });
    const proxy = clientFrom(await listening(t.app), '127.0.0.1');
    const statuses = [];
    for (let n = 0; n < 4; n++)
      statuses.push((await proxy.post('/api/enquiries', enquiry, forged(1))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another visitor behind the same proxy is not held by the first one's limit, and what a
    // visitor wrote into the header before the proxy appended their address is ignored.
    expect((await proxy.post('/api/enquiries', enquiry, forged(2))).status).toBe(201);
    const chained = { 'X-Forwarded-For': '198.51.100.1, 198.51.100.3' };
    expect((await proxy.post('/api/enquiries', enquiry, chained)).status).toBe(201);
  });

  it('counts hops when TRUST_PROXY is a number: the last address the proxy appended', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '2' });
    const proxy = clientFrom(await listening(t.app), '127.0.0.1');
    const visitor = (claimed: string) => ({ 'X-Forwarded-For': `${claimed}, 198.51.100.7` });
    const statuses = [];
    for (const claimed of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      statuses.push((await proxy.post('/api/enquiries', enquiry, visitor(claimed))).status);
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('believes no header at all by default', async () => {
    // Empty means unset (the tests above set it in this process's environment).
    t = await createTestApp({ TRUST_PROXY: '', ENQUIRY_RATE_LIMIT: '2' });
    const client = clientFrom(await listening(t.app), '127.0.0.1');
    const statuses = [];
    for (let n = 0; n < 3; n++)
      statuses.push((await client.post('/api/enquiries', enquiry, forged(n))).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});
