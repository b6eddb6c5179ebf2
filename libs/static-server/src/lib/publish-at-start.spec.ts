import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { publishAtStart, type StartPublishing } from './publish-at-start';
import { DEFAULT_KEEP } from './publish';

/**
 * The API's side of publishing, as backend/test/deployments.spec.ts proves it: a pointer per
 * environment that a publish with onlyIfNew moves only to a version it never named, and a
 * prune that gives back the candidates no pointer needs (current, where its rollback goes,
 * and `needed`: what other environments' pointers or shells name).
 */
function fakeApi() {
  const moves: Record<string, string[]> = {};
  const needed = new Set<string>();
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const current = (environment: string) => moves[environment]?.at(-1) ?? null;
  const previous = (environment: string) =>
    [...(moves[environment] ?? [])].reverse().find((v) => v !== current(environment)) ?? null;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = text ? JSON.parse(text) : {};
      requests.push({ url: req.url!, body });
      const reply = (answer: object) => res.end(JSON.stringify(answer));
      if (req.url === '/api/user/login') return reply({ token: 'a-token' });
      if (req.url?.endsWith('/versions')) {
        const { version, environment, onlyIfNew } = body;
        const named = (moves[environment] ??= []).includes(version);
        if (!(onlyIfNew && named)) moves[environment].push(version);
        return reply({
          current: current(environment),
          previous: previous(environment),
          moved: !(onlyIfNew && named),
        });
      }
      if (req.url?.endsWith('/prune')) {
        const named = new Set(needed);
        for (const environment of Object.keys(moves)) {
          named.add(current(environment)!);
          named.add(previous(environment)!);
        }
        return reply({ removed: body.candidates.filter((v: string) => !named.has(v)) });
      }
      res.statusCode = 404;
      reply({ message: 'no such route' });
    });
  });
  return { server, moves, needed, requests };
}

describe('publishing its own build when the remote starts', () => {
  let work: string;
  let releases: string;
  let api: ReturnType<typeof fakeApi>;
  let url: string;
  const logged: string[] = [];
  let builds = 0;

  /** A new build of the remote: other bytes, so another version. */
  const newBuild = () => {
    const dir = path.join(work, `build-${++builds}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var build = ${builds};`);
    return dir;
  };
  /** The container starts with `from` as its image's build. */
  const start = async (from: string, options: Partial<StartPublishing> = {}) => {
    const result = await publishAtStart({
      from,
      releases,
      remote: 'public_mfe',
      commit: 'c1',
      environment: 'production',
      api: { url, username: 'admin', password: 'secret' },
      keep: DEFAULT_KEEP,
      log: (line) => logged.push(line),
      ...options,
    });
    // Each start a minute after the one before, as the folders' times tell their age.
    const at = new Date(Date.now() - (100 - builds) * 60_000);
    fs.utimesSync(path.join(releases, result.version), at, at);
    return result;
  };
  const kept = () => fs.readdirSync(releases).sort();

  beforeEach(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-'));
    releases = path.join(work, 'releases');
    logged.length = 0;
    builds = 0;
    api = fakeApi();
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => api.server.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps the last ten versions by default, with those the pointers name', async () => {
    const versions: string[] = [];
    for (let i = 0; i < 12; i++) versions.push((await start(newBuild())).version);
    expect(kept()).toEqual(versions.slice(2).sort());
    expect(kept()).toEqual(
      expect.arrayContaining([api.moves.production.at(-1), api.moves.production.at(-2)]),
    );
    expect(logged.at(-1)).toMatch(/^pruned 1 older version\(s\), keeping the last 10: /);

    // Rolled back to the oldest kept, then a new build: the way back is older than the last
    // ten, and kept all the same.
    api.moves.production.push(versions[2]);
    versions.push((await start(newBuild())).version);
    expect(kept()).toEqual(versions.slice(2).sort());
    expect(kept()).toHaveLength(11);
  });

  it('never prunes what another pointer needs or what is pinned, keeping the last N given', async () => {
    const versions: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { version } = await start(newBuild(), { keep: 3, pinned: versions.slice(1, 2) });
      versions.push(version);
      // Staging's pointer (another environment) names the first version.
      if (i === 0) api.needed.add(version);
    }
    expect(kept()).toEqual([versions[0], versions[1], ...versions.slice(3)].sort());
    // The pinned version is never offered; the API is asked about the others only.
    const asked = api.requests.filter((request) => request.url.endsWith('/prune'));
    expect(asked.flatMap((request) => request.body.candidates)).not.toContain(versions[1]);
  });

  it('leaves the pointer where a rollback put it when the same build starts again', async () => {
    const first = await start(newBuild());
    const again = newBuild();
    const second = await start(again);
    expect(second.pointer).toMatchObject({ current: second.version, moved: true });
    api.moves.production.push(first.version); // a rollback, through the API

    const restarted = await start(again);
    expect(restarted).toMatchObject({ version: second.version, added: false });
    expect(restarted.pointer).toMatchObject({ current: first.version, moved: false });
    expect(api.moves.production.at(-1)).toBe(first.version);
    expect(logged).toContain(
      `public_mfe ${second.version} was published before: production's pointer stays on ` +
        `${first.version} (a restart never moves it; promote the version to serve it)`,
    );
    // A new build is a new version: the pointer moves to it.
    const third = await start(newBuild());
    expect(third.pointer).toMatchObject({ current: third.version, moved: true });
  });

  it('publishes without the API, but prunes nothing it cannot ask about', async () => {
    for (let i = 0; i < 3; i++) await start(newBuild(), { api: undefined, keep: 1 });
    expect(kept()).toHaveLength(3);
    expect(api.requests).toEqual([]);
    expect(logged.at(-1)).toMatch(/^not pruned: without DEPLOY_API_URL/);
  });
});
