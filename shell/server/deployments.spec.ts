/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeployments } from './deployments';
import type { Manifest } from './remote-checks';
import type { RenderResult, SsrBuild, SsrRemote } from './ssr-remote';

const SHELL: Manifest = {
  shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true }],
};

/** A remote's manifest, sharing `react` at `react` (and wanting `^major.0.0` of it). */
function manifestOf(react = '19.3.1'): Manifest {
  return {
    shared: [
      {
        name: 'react',
        version: react,
        requiredVersion: `^${react.split('.')[0]}.0.0`,
        singleton: true,
      },
    ],
    exposes: [{ name: 'Module', assets: { js: { sync: ['main.js'] }, css: { sync: [] } } }],
  };
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** A remoteEntry.js as webpack writes one for `container`, followed by `after`. */
const entryOf = (container: string, after = '') =>
  `var ${container} = { get: function () {}, init: function () {} };\n${after}`;

describe('versioned deploys in the shell', () => {
  /** What the API's pointers name, what it heard the shells serve, and whether it answers. */
  let pointers: Record<string, string | null> = {};
  let serving: Record<string, string | null> = {};
  let apiUp = true;
  /** How long the API takes to answer the pointers, and whether it answers for products. */
  let pointersDelayMs = 0;
  let productsHang = false;
  /** Each version's manifest on the remotes' server; absent versions are 404. */
  const published = new Map<string, Manifest>();
  /** Files of a version other than the good ones: `<version>/<file>` → its text. */
  const files = new Map<string, string>();
  let api: http.Server;
  let remotes: http.Server;
  let apiUrl: string;
  let remotesUrl: string;

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      if (!apiUp) return void res.writeHead(503).end();
      res.setHeader('Content-Type', 'application/json');
      if (req.url?.startsWith('/api/deployments/pointers')) {
        const answer = JSON.stringify({ environment: 'production', remotes: pointers, serving });
        return void setTimeout(() => res.end(answer), pointersDelayMs);
      }
      if (productsHang) return;
      res.end(JSON.stringify([{ slug: 'indigo-linen' }]));
    });
    remotes = http.createServer((req, res) => {
      const [, remote, version, file] =
        /^\/(public|admin)\/([^/]+)\/(.+)$/.exec(req.url ?? '') ?? [];
      const manifest = published.get(version);
      if (!manifest) return void res.writeHead(404).end();
      if (file === 'mf-manifest.json') return void res.end(JSON.stringify(manifest));
      const changed = files.get(`${version}/${file}`);
      if (changed !== undefined) return void res.end(changed);
      res.end(file === 'remoteEntry.js' ? entryOf(`${remote}_mfe`) : '// a file of the build');
    });
    [apiUrl, remotesUrl] = await Promise.all([listen(api), listen(remotes)]);
  });
  afterAll(() => {
    api.close();
    remotes.close();
  });

  /** The public remote's server builds, each rendering as `renders` says for its version. */
  function fakeSsr(renders: Record<string, (url: string) => RenderResult | Promise<RenderResult>>) {
    const adopted: string[] = [];
    const discarded: string[] = [];
    const ssr = {
      loadBuild: async (base: string) =>
        ({ base, key: base, render: async () => undefined }) as unknown as SsrBuild,
      adopt: (build: SsrBuild) => adopted.push(build.base),
      discard: (build: SsrBuild) => discarded.push(build.base),
    } as unknown as SsrRemote;
    const render = async (build: SsrBuild, url: string) => {
      const version = build.base.split('/').at(-2)!;
      return renders[version](url);
    };
    return { ssr, render, adopted, discarded };
  }

  const page = (status = 200): RenderResult => ({
    status,
    html: '<main><h1>Vitrine</h1></main>',
    state: {},
    title: 'Vitrine',
    head: '',
    lang: 'en',
    chunks: [],
  });

  function deploymentsWith(renders: Parameters<typeof fakeSsr>[0], firstPollWaitMs?: number) {
    const fake = fakeSsr(renders);
    const log: string[] = [];
    const deployments = createDeployments({
      api: apiUrl,
      environment: 'production',
      remotes: {
        public_mfe: { base: `${remotesUrl}/public/` },
        admin_mfe: { base: `${remotesUrl}/admin/` },
      },
      ssr: fake.ssr,
      shellManifest: async () => SHELL,
      render: fake.render,
      log: (message) => log.push(message),
      smokeBudgetMs: 500,
      firstPollWaitMs,
    });
    return { deployments, log, ...fake };
  }

  beforeEach(() => {
    apiUp = true;
    pointersDelayMs = 0;
    productsHang = false;
    serving = {};
    published.clear();
    files.clear();
  });

  it('serves a version once its checks pass, and names it in the pages', async () => {
    published.set('v1', manifestOf());
    published.set('a1', manifestOf());
    pointers = { public_mfe: 'v1', admin_mfe: 'a1' };
    const rendered: string[] = [];
    const { deployments, adopted } = deploymentsWith({
      v1: (url) => {
        rendered.push(url);
        return page();
      },
    });
    await deployments.poll();
    expect(rendered).toEqual(['/', '/singleproject/indigo-linen', '/contact-us']);
    expect(adopted).toEqual([`${remotesUrl}/public/v1/`]);
    expect(deployments.entries()).toEqual({
      public_mfe: `${remotesUrl}/public/v1/remoteEntry.js`,
      admin_mfe: `${remotesUrl}/admin/a1/remoteEntry.js`,
    });
  });

  it('keeps the version it serves when the next one fails a check, and says why', async () => {
    for (const version of ['v1', 'v2', 'v3', 'v4', 'v5']) published.set(version, manifestOf());
    published.set('v6', manifestOf('18.3.1'));
    pointers = { public_mfe: 'v1', admin_mfe: null };
    const { deployments, log, discarded } = deploymentsWith({
      v1: () => page(),
      v2: () => {
        throw new Error('Cannot read properties of undefined');
      },
      v3: (url) => page(url === '/contact-us' ? 500 : 200),
      v4: (url) => {
        if (url === '/') console.error('A component suspended while rendering');
        return page();
      },
      v5: () => new Promise(() => undefined),
    });
    await deployments.poll();
    const quietly = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const version of ['v2', 'v3', 'v4', 'v5', 'v6', 'v7']) {
        pointers = { public_mfe: version, admin_mfe: null };
        await deployments.poll();
      }
    } finally {
      quietly.mockRestore();
    }
    const state = deployments.state().remotes.public_mfe;
    expect(state.serving).toBe('v1');
    expect(state.pending).toBe('v7');
    expect(
      Object.fromEntries(state.refused.map(({ version, reason }) => [version, reason])),
    ).toEqual({
      v2: 'Cannot read properties of undefined',
      v3: 'its render of /contact-us answered 500',
      v4: 'its renders logged an error: A component suspended while rendering',
      v5: 'its smoke renders took more than 500 ms',
      v6: "its shared libraries do not fit the shell's: it shares react 18.3.1 (wants ^18.0.0), the shell has 19.3.1 (wants ^19.2.0)",
      v7: `${remotesUrl}/public/v7/mf-manifest.json answered 404`,
    });
    expect(discarded).toHaveLength(4);
    expect(log.filter((line) => line.includes('refused'))).toHaveLength(6);
    expect(log.at(-1)).toMatch(/^\[deploy\] public_mfe v7 refused, still serving v1: /);
    expect(deployments.entries().public_mfe).toBe(`${remotesUrl}/public/v1/remoteEntry.js`);
  });

  it('goes back to a version at once when the pointer returns to it (a rollback)', async () => {
    published.set('v1', manifestOf());
    published.set('v2', manifestOf());
    pointers = { public_mfe: 'v1', admin_mfe: null };
    const { deployments, adopted } = deploymentsWith({ v1: () => page(), v2: () => page() });
    await deployments.poll();
    pointers = { public_mfe: 'v2', admin_mfe: null };
    await deployments.poll();
    pointers = { public_mfe: 'v1', admin_mfe: null };
    await deployments.poll();
    expect(adopted.map((base) => base.split('/').at(-2))).toEqual(['v1', 'v2', 'v1']);
    expect(deployments.state().remotes.public_mfe.serving).toBe('v1');
  });

  it('serves what it served while the pointers cannot be read, and says so once', async () => {
    published.set('v1', manifestOf());
    pointers = { public_mfe: 'v1', admin_mfe: null };
    const { deployments, log } = deploymentsWith({ v1: () => page() });
    await deployments.poll();
    apiUp = false;
    await deployments.poll();
    await deployments.poll();
    expect(deployments.state().remotes.public_mfe.serving).toBe('v1');
    expect(log.filter((line) => line.includes('cannot be read'))).toHaveLength(1);
  });

  it("refuses an admin version whose entry throws as it loads or whose ./Module won't compile", async () => {
    for (const version of ['a1', 'a2', 'a3']) published.set(version, manifestOf());
    files.set(
      'a2/remoteEntry.js',
      entryOf('admin_mfe', "throw new Error('a bad merge\\n  in admin');"),
    );
    files.set('a3/main.js', 'export default function () {');
    pointers = { public_mfe: null, admin_mfe: 'a1' };
    const { deployments, log } = deploymentsWith({});
    await deployments.poll();
    for (const version of ['a2', 'a3']) {
      pointers = { public_mfe: null, admin_mfe: version };
      await deployments.poll();
    }
    const state = deployments.state().remotes.admin_mfe;
    expect(state.serving).toBe('a1');
    expect(state.refused.map(({ version, reason }) => [version, reason])).toEqual([
      ['a3', expect.stringMatching(/^its main\.js does not compile: /)],
      ['a2', 'its remoteEntry.js throws as it loads: a bad merge in admin'],
    ]);
    // Each reason is one line, in the state and in the log.
    expect(log.filter((line) => line.includes('refused'))).toHaveLength(2);
    expect(log.every((line) => !line.includes('\n'))).toBe(true);
    expect(deployments.entries().admin_mfe).toBe(`${remotesUrl}/admin/a1/remoteEntry.js`);
  });

  it('checks a refused version again when the pointer names it again, not before', async () => {
    published.set('v1', manifestOf());
    published.set('v2', manifestOf());
    let fixed = false;
    let renders = 0;
    pointers = { public_mfe: 'v1', admin_mfe: null };
    const { deployments } = deploymentsWith({
      v1: () => page(),
      v2: () => {
        renders += 1;
        return page(fixed ? 200 : 500);
      },
    });
    await deployments.poll();
    pointers = { public_mfe: 'v2', admin_mfe: null };
    await deployments.poll();
    // Whatever was wrong (the API answering 500 for a moment) is over; the pointer stays.
    fixed = true;
    await deployments.poll();
    expect(renders).toBe(1);
    expect(deployments.state().remotes.public_mfe.serving).toBe('v1');
    // Rolled back, then promoted again: named again, so checked again, and served.
    pointers = { public_mfe: 'v1', admin_mfe: null };
    await deployments.poll();
    pointers = { public_mfe: 'v2', admin_mfe: null };
    await deployments.poll();
    const state = deployments.state().remotes.public_mfe;
    expect(state.serving).toBe('v2');
    expect(state.refused).toEqual([]);
  });

  it('after a restart, serves what the API last heard a shell serve when the named one is refused', async () => {
    for (const version of ['v1', 'v2', 'a1', 'a2']) published.set(version, manifestOf());
    files.set('a2/remoteEntry.js', entryOf('admin_mfe', "throw new Error('a bad merge');"));
    pointers = { public_mfe: 'v2', admin_mfe: 'a2' };
    serving = { public_mfe: 'v1', admin_mfe: 'a1' };
    let rendersOfV2 = 0;
    const { deployments } = deploymentsWith({
      v1: () => page(),
      v2: () => {
        rendersOfV2 += 1;
        return page(500);
      },
    });
    await deployments.poll();
    const { public_mfe: site, admin_mfe: admin } = deployments.state().remotes;
    expect([site.serving, site.pending, site.refused.map((refusal) => refusal.version)]).toEqual([
      'v1',
      'v2',
      ['v2'],
    ]);
    expect([admin.serving, admin.pending]).toEqual(['a1', 'a2']);
    await deployments.poll();
    expect(rendersOfV2).toBe(1);
    expect(deployments.entries()).toEqual({
      public_mfe: `${remotesUrl}/public/v1/remoteEntry.js`,
      admin_mfe: `${remotesUrl}/admin/a1/remoteEntry.js`,
    });
  });

  it('is ready once its first reading is over, or after a bounded wait', async () => {
    published.set('a1', manifestOf());
    pointers = { public_mfe: null, admin_mfe: 'a1' };
    pointersDelayMs = 300;
    const slow = deploymentsWith({}, 5000).deployments;
    const started = Date.now();
    void slow.start();
    await slow.ready();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(slow.entries().admin_mfe).toBe(`${remotesUrl}/admin/a1/remoteEntry.js`);
    slow.stop();

    pointersDelayMs = 800;
    const stuck = deploymentsWith({}, 100).deployments;
    const since = Date.now();
    void stuck.start();
    await stuck.ready();
    expect(Date.now() - since).toBeLessThan(500);
    expect(stuck.entries()).toEqual({});
    stuck.stop();
    await stuck.poll();
  });

  it("counts only the candidate's own errors, not live traffic's meanwhile", async () => {
    for (const version of ['v1', 'v2', 'v3']) published.set(version, manifestOf());
    pointers = { public_mfe: 'v1', admin_mfe: null };
    const quietly = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const live = setInterval(() => console.error('live traffic: a render failed'), 5);
    const slowPage = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return page();
    };
    try {
      const { deployments } = deploymentsWith({
        v1: slowPage,
        v2: slowPage,
        v3: async (url) => {
          // Logged later, from a timer the render starts: still the candidate's.
          if (url === '/contact-us') setTimeout(() => console.error('Hydration failed'), 5);
          return slowPage();
        },
      });
      await deployments.poll();
      pointers = { public_mfe: 'v2', admin_mfe: null };
      await deployments.poll();
      expect(deployments.state().remotes.public_mfe.serving).toBe('v2');
      pointers = { public_mfe: 'v3', admin_mfe: null };
      await deployments.poll();
      const state = deployments.state().remotes.public_mfe;
      expect(state.serving).toBe('v2');
      expect(state.refused).toEqual([
        expect.objectContaining({
          version: 'v3',
          reason: 'its renders logged an error: Hydration failed',
        }),
      ]);
    } finally {
      clearInterval(live);
      quietly.mockRestore();
    }
  });

  it("looks up the smoke set's product within its budget", async () => {
    published.set('v1', manifestOf());
    pointers = { public_mfe: 'v1', admin_mfe: null };
    productsHang = true;
    const { deployments } = deploymentsWith({ v1: () => page() });
    const started = Date.now();
    await deployments.poll();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(deployments.state().remotes.public_mfe.refused[0]?.reason).toBe(
      'its smoke renders took more than 500 ms',
    );
  });
});
