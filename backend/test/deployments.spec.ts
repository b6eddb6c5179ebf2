import { bearer, useTestApp } from './support/test-app';

/** Publishing the remotes' versions and moving, promoting and rolling back their pointers. */
const SHELL_TOKEN = 'the-shells-secret-the-shells-secret';

describe('deployments', () => {
  let auth: Record<string, string>;
  const t = useTestApp({ SHELL_TOKEN });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const pointers = async (environment?: string) =>
    (
      await t.api
        .get(`/api/deployments/pointers${environment ? `?environment=${environment}` : ''}`)
        .expect(200)
    ).body;
  const overview = async (remote: string, environment = 'production') =>
    (
      await t.api.get(`/api/deployments?environment=${environment}`).set(auth).expect(200)
    ).body.find((entry: { remote: string }) => entry.remote === remote);

  it('tells visitors and shells nothing is published yet, then what each remote serves', async () => {
    const before = await t.api.get('/api/deployments/pointers').expect(200);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(before.body).toEqual({
      environment: 'production',
      remotes: { public_mfe: null, admin_mfe: null },
      serving: { public_mfe: null, admin_mfe: null },
    });

    await t.api
      .post('/api/deployments/public_mfe/versions')
      .set(auth)
      .send({ version: 'aaaaaaaaaaaa-c1' })
      .expect(201);
    expect(await pointers()).toEqual({
      environment: 'production',
      remotes: { public_mfe: 'aaaaaaaaaaaa-c1', admin_mfe: null },
      serving: { public_mfe: null, admin_mfe: null },
    });
  });

  it('keeps every version, moves the pointer on publish, and rolls back to the one before', async () => {
    await t.api
      .post('/api/deployments/admin_mfe/versions')
      .set(auth)
      .send({ version: '111111111111-c1' })
      .expect(201);
    await t.api
      .post('/api/deployments/admin_mfe/versions')
      .set(auth)
      .send({ version: '222222222222-c2' })
      .expect(201);
    expect(await overview('admin_mfe')).toMatchObject({
      current: '222222222222-c2',
      previous: '111111111111-c1',
      versions: [{ version: '222222222222-c2' }, { version: '111111111111-c1' }],
      moves: [
        { version: '222222222222-c2', action: 'publish', by: 'admin' },
        { version: '111111111111-c1', action: 'publish', by: 'admin' },
      ],
    });

    const back = await t.api
      .post('/api/deployments/admin_mfe/rollback')
      .set(auth)
      .send({})
      .expect(201);
    // Nothing is earlier than the first version: a second rollback would not go forward again.
    expect(back.body).toMatchObject({ current: '111111111111-c1', previous: null });
    expect((await pointers()).remotes.admin_mfe).toBe('111111111111-c1');
    // Promoting the newer one again is moving forward, and both versions are still there.
    await t.api
      .post('/api/deployments/admin_mfe/promote')
      .set(auth)
      .send({ version: '222222222222-c2' })
      .expect(201);
    const after = await overview('admin_mfe');
    expect(after.current).toBe('222222222222-c2');
    expect(after.moves.map((move: { action: string }) => move.action)).toEqual([
      'promote',
      'rollback',
      'publish',
      'publish',
    ]);
    expect(after.versions).toHaveLength(2);
  });

  it('keeps each environment apart: publishing to staging leaves production as it was', async () => {
    const production = (await pointers()).remotes.public_mfe;
    await t.api
      .post('/api/deployments/public_mfe/versions')
      .set(auth)
      .send({ version: 'bbbbbbbbbbbb-c2', environment: 'staging' })
      .expect(201);
    expect((await pointers('staging')).remotes.public_mfe).toBe('bbbbbbbbbbbb-c2');
    expect((await pointers()).remotes.public_mfe).toBe(production);
    // Promoted to production once it has been looked at on staging.
    await t.api
      .post('/api/deployments/public_mfe/promote')
      .set(auth)
      .send({ version: 'bbbbbbbbbbbb-c2' })
      .expect(201);
    expect((await pointers()).remotes.public_mfe).toBe('bbbbbbbbbbbb-c2');
  });

  it('records every pointer move in the audit log, by whom', async () => {
    await t.api.post('/api/deployments/public_mfe/rollback').set(auth).send({}).expect(201);
    const [entry] = (await t.api.get('/api/audit?limit=1').set(auth).expect(200)).body;
    expect(entry).toMatchObject({
      actorName: 'admin',
      path: '/api/deployments/public_mfe/rollback',
      itemName: 'public_mfe (production) → aaaaaaaaaaaa-c1',
    });
  });

  it('refuses what it cannot do, with a reason, and changes nothing', async () => {
    const before = await pointers();
    const refused = async (path: string, body: object, status: number) =>
      (await t.api.post(path).set(auth).send(body).expect(status)).body;

    expect(
      (await refused('/api/deployments/public_mfe/versions', { version: '../../etc' }, 400)).errors,
    ).toEqual({
      version: 'version must be lower-case letters, digits, dots, dashes or underscores',
    });
    expect(
      (await refused('/api/deployments/shell/versions', { version: 'cccccccccccc-c3' }, 404))
        .message,
    ).toMatch(/No such remote/);
    expect(
      (await refused('/api/deployments/public_mfe/promote', { version: 'never-published' }, 404))
        .message,
    ).toBe('public_mfe has no published version never-published');
    expect(
      (await refused('/api/deployments/public_mfe/rollback', { environment: 'nowhere' }, 409))
        .message,
    ).toBe('public_mfe has no earlier version in nowhere to go back to');
    expect(await pointers()).toEqual(before);
  });

  it("takes the shells' reports with their token only, and rolls back past a refused version", async () => {
    const publish = (version: string) =>
      t.api
        .post('/api/deployments/public_mfe/versions')
        .set(auth)
        .send({ version, environment: 'reports' })
        .expect(201);
    const report = (body: object, token = SHELL_TOKEN) =>
      t.api
        .post('/api/deployments/public_mfe/reports')
        .set('Authorization', `Shell ${token}`)
        .send({ environment: 'reports', ...body });

    await publish('dddddddddddd-c1');
    await report({ version: 'dddddddddddd-c1', outcome: 'served' }).expect(204);
    await publish('eeeeeeeeeeee-c2');
    await report({
      version: 'eeeeeeeeeeee-c2',
      outcome: 'refused',
      reason: 'its render of /contact-us answered 500',
    }).expect(204);
    // A shell started now, refusing what the pointer names, knows what the others serve.
    expect(await pointers('reports')).toMatchObject({
      remotes: { public_mfe: 'eeeeeeeeeeee-c2' },
      serving: { public_mfe: 'dddddddddddd-c1', admin_mfe: null },
    });
    await publish('ffffffffffff-c3');
    await report({ version: 'ffffffffffff-c3', outcome: 'served' }).expect(204);

    expect(await overview('public_mfe', 'reports')).toMatchObject({
      current: 'ffffffffffff-c3',
      previous: 'dddddddddddd-c1',
      serving: { version: 'ffffffffffff-c3' },
      refused: [{ version: 'eeeeeeeeeeee-c2', reason: 'its render of /contact-us answered 500' }],
    });
    const back = await t.api
      .post('/api/deployments/public_mfe/rollback')
      .set(auth)
      .send({ environment: 'reports' })
      .expect(201);
    expect(back.body.current).toBe('dddddddddddd-c1');

    // Anyone else's word is refused, and changes nothing.
    await report({ version: 'dddddddddddd-c1', outcome: 'refused' }, 'not-the-token').expect(401);
    await t.api
      .post('/api/deployments/public_mfe/reports')
      .set(auth)
      .send({ version: 'dddddddddddd-c1', outcome: 'refused', environment: 'reports' })
      .expect(401);
    expect((await overview('public_mfe', 'reports')).refused).toHaveLength(1);
  });

  describe('going back and forth', () => {
    const remote = 'public_mfe';
    const move = (action: string, body: object, status = 201) =>
      t.api.post(`/api/deployments/${remote}/${action}`).set(auth).send(body).expect(status);

    it('goes one further back with each rollback, never forward to the version it left', async () => {
      const environment = 'history';
      for (const version of ['100000000000-c1', '200000000000-c2', '300000000000-c3']) {
        await move('versions', { version, environment });
      }
      const first = await move('rollback', { environment });
      expect(first.body).toMatchObject({ current: '200000000000-c2', previous: '100000000000-c1' });
      const second = await move('rollback', { environment });
      expect(second.body).toMatchObject({ current: '100000000000-c1', previous: null });
      expect((await pointers(environment)).remotes[remote]).toBe('100000000000-c1');
      expect((await move('rollback', { environment }, 409)).body.message).toBe(
        `${remote} has no earlier version in ${environment} to go back to`,
      );

      // A new version's rollback goes to the one served before it, not to those left behind.
      await move('versions', { version: '400000000000-c4', environment });
      expect((await overview(remote, environment)).previous).toBe('100000000000-c1');
      // Promoting a version rolled back from chooses it again: it is a way back once more.
      await move('promote', { version: '300000000000-c3', environment });
      const back = await move('rollback', { environment });
      expect(back.body).toMatchObject({ current: '400000000000-c4', previous: '100000000000-c1' });
    });

    it('moves the pointer on a restart only for a version it never named, so a rollback stays', async () => {
      const environment = 'restarts';
      const start = (version: string) =>
        move('versions', { version, environment, onlyIfNew: true }).then(({ body }) => body);
      expect(await start('500000000000-c5')).toMatchObject({
        current: '500000000000-c5',
        moved: true,
      });
      expect(await start('600000000000-c6')).toMatchObject({
        current: '600000000000-c6',
        moved: true,
      });
      await move('rollback', { environment });
      // The container restarts with the build just rolled back from: the pointer stays.
      expect(await start('600000000000-c6')).toEqual({
        remote,
        environment,
        current: '500000000000-c5',
        previous: null,
        moved: false,
      });
      expect((await pointers(environment)).remotes[remote]).toBe('500000000000-c5');
      const history = (await overview(remote, environment)).moves;
      expect(history.map((entry: { action: string }) => entry.action)).toEqual([
        'rollback',
        'publish',
        'publish',
      ]);
      // A new build moves it, and a publish without onlyIfNew always does.
      expect(await start('700000000000-c7')).toMatchObject({ current: '700000000000-c7' });
      expect(
        (await move('versions', { version: '600000000000-c6', environment })).body,
      ).toMatchObject({ current: '600000000000-c6', moved: true });
      await move('versions', { version: '600000000000-c6', environment, onlyIfNew: 'yes' }, 400);
    });

    it('lets the remote prune only versions no pointer needs, and never moves to one pruned', async () => {
      const environment = 'pruning';
      const versions = ['0000000000a1-p1', '0000000000a2-p2', '0000000000a3-p3', '0000000000a4-p4'];
      for (const version of versions) await move('versions', { version, environment });
      await move('rollback', { environment });
      await t.api
        .post(`/api/deployments/${remote}/reports`)
        .set('Authorization', `Shell ${SHELL_TOKEN}`)
        .send({ version: versions[0], outcome: 'served', environment })
        .expect(204);

      // Current (p3), where a rollback goes (p2) and what the shells serve (p1) are kept,
      // in this environment as in every other one (production names aaaaaaaaaaaa-c1).
      const pruned = await t.api
        .post(`/api/deployments/${remote}/prune`)
        .set(auth)
        .send({ candidates: [...versions, 'aaaaaaaaaaaa-c1', 'ffffffffffff-never'] })
        .expect(200);
      expect(pruned.body.removed.sort()).toEqual([versions[3], 'ffffffffffff-never']);

      const after = await overview(remote, environment);
      expect(after.versions.map((entry: { version: string }) => entry.version)).not.toContain(
        versions[3],
      );
      expect((await move('promote', { version: versions[3], environment }, 409)).body.message).toBe(
        `${remote} ${versions[3]} was pruned from the remote's server; publish it again to serve it`,
      );
      expect((await pointers(environment)).remotes[remote]).toBe(versions[2]);
      // Published again, its files are back: it is served at once and a way back again.
      await move('versions', { version: versions[3], environment });
      await move('promote', { version: versions[2], environment });
      expect((await overview(remote, environment)).previous).toBe(versions[3]);

      await t.api
        .post(`/api/deployments/${remote}/prune`)
        .set(auth)
        .send({ candidates: ['../etc'] })
        .expect(400);
      await t.api.post(`/api/deployments/${remote}/prune`).send({ candidates: [] }).expect(401);
    });
  });
});
