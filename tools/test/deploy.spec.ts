import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

// Docker cannot run on these machines, so the deployment files are checked the ways that
// can: compose by docker-compose itself, the Dockerfiles against the repository.
const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const APPS = ['backend', 'shell', 'public-mfe', 'admin-mfe'];
let projects: string[] | undefined;
const workspaceProjects = () =>
  (projects ??= JSON.parse(
    execFileSync('npx', ['nx', 'show', 'projects', '--json'], { cwd: root, encoding: 'utf8' }),
  ) as string[]);

function exampleEnv(): Record<string, string> {
  return Object.fromEntries(
    fs
      .readFileSync(path.join(root, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function composeConfig(env: Record<string, string>) {
  return spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
}

describe('docker-compose.yml', () => {
  it('is valid for docker-compose with the variables of .env.example', () => {
    const result = composeConfig(exampleEnv());
    if (result.error)
      throw new Error(
        `docker-compose is not installed (apt-get install docker-compose): ${result.error.message}`,
      );
    expect(result.stderr).not.toMatch(/ERROR/);
    expect(result.status).toBe(0);

    const config = parse(result.stdout);
    expect(Object.keys(config.services).sort()).toEqual([
      'admin-mfe',
      'api',
      'backend',
      'mongo',
      'public-mfe',
      'shell',
    ]);
    // MongoDB as a single-node replica set, healthy once it is primary.
    const { mongo, backend, api, shell } = config.services;
    expect(mongo.image).toMatch(/^mongo:/);
    expect(mongo.command).toEqual(['--replSet', 'rs0', '--bind_ip_all']);
    expect(mongo.healthcheck.test.join(' ')).toMatch(/rs\.initiate.*isWritablePrimary/);
    expect(String(mongo.volumes[0])).toMatch(/^mongo-data:\/data\/db/);
    // Two API replicas sharing everything through MongoDB, reached only through the proxy.
    expect(backend.deploy.replicas).toBe(2);
    expect(backend.environment).toMatchObject({
      MONGODB_URI: 'mongodb://mongo:27017/vitrine?replicaSet=rs0',
      MEDIA_STORAGE: 'gridfs',
    });
    expect(backend.depends_on.mongo.condition).toBe('service_healthy');
    expect(backend.ports).toBeUndefined();
    // Nothing on a replica's disk matters but the daily backups, which all of them share.
    expect(backend.volumes.map(String)).toEqual([
      expect.stringMatching(/^backups:\/data\/backups(:rw)?$/),
    ]);
    // The shell's server and Caddy: the two proxies the API trusts.
    expect(backend.environment.TRUST_PROXY).toBe('2');
    expect(api.image).toMatch(/^caddy:2/);
    expect(api.volumes).toEqual([`${root}/backend/deploy/Caddyfile:/etc/caddy/Caddyfile:ro`]);
    expect(api.ports).toBeUndefined();
    expect(shell.environment).toMatchObject({
      PUBLIC_MFE_URL: 'http://localhost:4201',
      ADMIN_MFE_URL: 'http://localhost:4202',
      API_URL: 'http://api:3000',
      DEPLOY_ENV: 'production',
      // The browser's addresses are the host's; the shell's server reaches each remote on
      // compose's network, and starts after both.
      PUBLIC_MFE_INTERNAL_URL: 'http://public-mfe:4201',
      ADMIN_MFE_INTERNAL_URL: 'http://admin-mfe:4202',
      // No version pinned unless one is set.
      PUBLIC_MFE_VERSION: '',
      ADMIN_MFE_VERSION: '',
    });
    expect(shell.depends_on).toMatchObject({
      api: { condition: 'service_started' },
      'public-mfe': { condition: 'service_started' },
      'admin-mfe': { condition: 'service_started' },
    });
    // Versioned deploys: each remote keeps its versions in a volume, publishes its own build
    // at start and moves production's pointer; the shells report with the API's secret.
    expect(shell.environment.SHELL_TOKEN).toBe(backend.environment.SHELL_TOKEN);
    for (const name of ['public-mfe', 'admin-mfe']) {
      const remote = config.services[name];
      expect(remote.volumes.map(String)).toEqual([
        expect.stringMatching(new RegExp(`^${name}-releases:/releases(:rw)?$`)),
      ]);
      expect(remote.environment).toMatchObject({
        DEPLOY_API_URL: 'http://api:3000',
        DEPLOY_ENV: 'production',
        // The volume keeps the last ten versions, and those the pointers or the shell's pins need.
        KEEP_VERSIONS: '10',
        PINNED_VERSIONS: '',
      });
    }
  });

  it('pins a version in the shell and keeps it on its remote, when one is set', () => {
    const result = composeConfig({
      ...exampleEnv(),
      PUBLIC_MFE_VERSION: '3f9a0c1b2d4e-e98d368',
      ADMIN_MFE_VERSION: '0a1b2c3d4e5f-e98d368',
    });
    expect(result.status).toBe(0);
    const { services } = parse(result.stdout);
    expect(services.shell.environment).toMatchObject({
      PUBLIC_MFE_VERSION: '3f9a0c1b2d4e-e98d368',
      ADMIN_MFE_VERSION: '0a1b2c3d4e5f-e98d368',
    });
    expect(services['public-mfe'].environment.PINNED_VERSIONS).toBe('3f9a0c1b2d4e-e98d368');
    expect(services['admin-mfe'].environment.PINNED_VERSIONS).toBe('0a1b2c3d4e5f-e98d368');
  });

  it('lets the number of versions kept be set', () => {
    const result = composeConfig({ ...exampleEnv(), KEEP_VERSIONS: '25' });
    expect(result.status).toBe(0);
    const { services } = parse(result.stdout);
    expect(services['public-mfe'].environment.KEEP_VERSIONS).toBe('25');
    expect(services['admin-mfe'].environment.KEEP_VERSIONS).toBe('25');
  });

  it('has the proxy spread requests over every backend replica, found by name', () => {
    const caddyfile = fs.readFileSync(path.join(root, 'backend/deploy/Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy \{[^}]*dynamic a backend 3000/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(caddyfile).toMatch(/^:3000 \{/m);
  });

  it('refuses to start without the secrets, naming them', () => {
    const result = composeConfig({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/JWT_SECRET|ADMIN_PASSWORD/);
  });
});

describe('npm run deploy:publish', () => {
  const deploy = (...args: string[]) =>
    spawnSync(
      process.execPath,
      // An API nobody answers at: an option must be refused before anything is asked of it.
      [path.join(root, 'tools/deploy.js'), ...args, '--api', 'http://127.0.0.1:9'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, VITRINE_PASSWORD: 'unused' },
        timeout: 30_000,
      },
    );

  it('refuses a count to keep that is not a whole number from 1, in one line, doing nothing', () => {
    for (const keep of ['abc', '0', '-2', '1.5']) {
      const result = deploy('publish', 'public-mfe', `--keep=${keep}`, '--from', '/nowhere');
      expect({ status: result.status, stderr: result.stderr }).toEqual({
        status: 1,
        stderr: `--keep must be a whole number of versions to keep, from 1 to 1000 (not "${keep}")\n`,
      });
    }
  });

  it('refuses an unknown option or command in one line', () => {
    const unknown = deploy('publish', 'public-mfe', '--kep', '3');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^Unknown option '--kep'[^\n]*\n$/);
    const dashed = deploy('publish', 'public-mfe', '--keep', '-2');
    expect(dashed.status).toBe(1);
    expect(dashed.stderr).toMatch(/^Option '--keep' argument is ambiguous\.[^\n]*\n$/);
    const promote = deploy('promote', 'public-mfe');
    expect({ status: promote.status, stderr: promote.stderr }).toEqual({
      status: 1,
      stderr: 'promote needs the version to serve\n',
    });
    expect(deploy('publish', 'shell').stderr).toMatch(/^usage: deploy\.js publish\|promote/);
  });
});

describe('npm run deploy:publish, pruning', () => {
  // The API's routes as deployments.spec proves them: each publish moves the pointer, and a
  // prune gives back the candidates that are neither its current version nor the one before.
  const named: string[] = [];
  const asked: string[][] = [];
  const api = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = text ? JSON.parse(text) : {};
      if (req.url?.endsWith('/versions')) named.push(body.version);
      if (req.url?.endsWith('/prune')) asked.push(body.candidates);
      const needed = named.slice(-2);
      res.end(
        JSON.stringify(
          req.url?.endsWith('/prune')
            ? { removed: body.candidates.filter((v: string) => !needed.includes(v)) }
            : { token: 't', current: named.at(-1), previous: named.at(-2) ?? null, moved: true },
        ),
      );
    });
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-deploy-'));
  beforeAll(() => new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve)));
  afterAll(() => {
    api.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps the last ten versions by default, asking the API about each older one', async () => {
    const releases = path.join(work, 'releases');
    const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    let said = '';
    for (let i = 1; i <= 12; i++) {
      const from = path.join(work, `build-${i}`);
      fs.mkdirSync(from);
      fs.writeFileSync(path.join(from, 'remoteEntry.js'), `var build = ${i};`);
      ({ stdout: said } = await promisify(execFile)(
        process.execPath,
        [path.join(root, 'tools/deploy.js'), 'publish', 'public-mfe'].concat([
          '--from',
          from,
          '--releases',
          releases,
          '--api',
          url,
        ]),
        { cwd: root, env: { PATH: process.env.PATH, VITRINE_PASSWORD: 'unused' } },
      ));
      // A folder's time tells its age: one a second apart, as the publishes were.
      const at = new Date(Date.now() - (20 - i) * 1000);
      fs.utimesSync(path.join(releases, named.at(-1)!), at, at);
    }
    expect(fs.readdirSync(releases).sort()).toEqual(named.slice(2).sort());
    expect(asked).toEqual([[named[0]], [named[1]]]);
    expect(said).toContain('Removed 1 older version(s), keeping the last 10');
  }, 60_000);
});

/**
 * The Dockerfile docker-compose.yml builds an app's image with, its build arguments filled in
 * (the two remotes share one, told apart by APP and PORT).
 */
function dockerfileOf(app: string): string {
  const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  const build: { dockerfile: string; args?: Record<string, string> } = compose.services[app].build;
  const args = build.args ?? {};
  return fs
    .readFileSync(path.join(root, build.dockerfile), 'utf8')
    .replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced, bare) => args[braced ?? bare] ?? whole);
}

describe.each(APPS)("%s's Dockerfile", (app) => {
  const dockerfile = dockerfileOf(app);
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim());
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds on node:20 and runs as a non-root user on a slim image', () => {
    expect(stages[0]).toMatch(/^node:20\S* AS build/);
    const runtime = stages[stages.length - 1];
    expect(runtime).toMatch(/^node:20-\S*slim\S* AS runtime/);
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('copies only files that exist in the repository', () => {
    const sources = lines
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      if (source === '.') continue;
      expect(`${source} exists: ${fs.existsSync(path.join(root, source))}`).toBe(
        `${source} exists: true`,
      );
    }
  });

  it('runs a bundle built in the image, with no script copied from the repository', () => {
    const runtime = stages[stages.length - 1];
    const copied = runtime
      .split('\n')
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(copied.filter((file) => /\.(js|ts)$/.test(file))).toEqual([]);
    const command = lines.find((line) => line.startsWith('CMD '))!;
    const bundle = /([\w./-]+\/main\.js)/.exec(command)?.[1];
    const built = runtime.split('\n').some((line) => {
      const words = line.split(/\s+/);
      return (
        line.startsWith('COPY --from=build') &&
        /\/dist\/[\w-]+$/.test(words.at(-2)!) &&
        bundle?.startsWith(words.at(-1)!.replace(/^\.\//, ''))
      );
    });
    expect({ bundle, built }).toEqual({ bundle: expect.any(String), built: true });
  });

  it('builds with commands the workspace has', () => {
    const built = lines.filter((line) => line.startsWith('RUN ')).join('\n');
    const nxBuild = /npx nx build (\S+)/.exec(built);
    expect(nxBuild).not.toBeNull();
    expect(workspaceProjects()).toContain(nxBuild![1]);
    for (const [, script] of built.matchAll(/npm run (\S+)/g))
      expect(Object.keys(pkg.scripts)).toContain(script);
    const command = lines.find((line) => line.startsWith('CMD '))!;
    const started =
      /(dist\/backend\/main\.js|static-server\/main\.js|dist\/shell-server\/main\.js)/.exec(
        command,
      );
    expect(started).not.toBeNull();
  });
});

describe("the shell's image", () => {
  const dockerfile = fs.readFileSync(path.join(root, 'shell/Dockerfile'), 'utf8');
  const runtime = dockerfile.split(/^FROM /m).at(-1)!;

  it('runs the server that renders the public pages, and holds no public-mfe code', () => {
    expect(runtime).toMatch(/CMD .*dist\/shell-server\/main\.js/);
    expect(runtime).not.toMatch(/public-mfe/);
    // Its bundle leaves npm packages out: the image installs each one its server imports.
    const server = path.join(root, 'shell/server');
    for (const file of fs.readdirSync(server).filter((name) => !name.endsWith('.spec.ts'))) {
      const source = fs.readFileSync(path.join(server, file), 'utf8');
      for (const [, name] of source.matchAll(
        /^import [^;]*? from '([^'.@][^']*|@[^'v][^']*)';/gm,
      )) {
        if (name.startsWith('node:') || name.includes('/types')) continue;
        expect(`${file}: ${name} in the image: ${dockerfile.includes(`${name}@`)}`).toBe(
          `${file}: ${name} in the image: true`,
        );
      }
    }
  });
});

describe('the API bundle', () => {
  it('needs at run time only packages listed in dependencies (the runtime image omits dev ones)', () => {
    execFileSync('npx', ['nx', 'build', 'backend', '--outputStyle=static'], {
      cwd: root,
      stdio: 'ignore',
    });
    const bundle = fs.readFileSync(path.join(root, 'dist/backend/main.js'), 'utf8');
    const required = new Set(
      [...bundle.matchAll(/require\("([^".][^"]*)"\)/g)]
        .map(([, name]) =>
          name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0],
        )
        .filter(
          (name) =>
            !name.startsWith('node:') && !require('node:module').builtinModules.includes(name),
        ),
    );
    expect(required.size).toBeGreaterThan(10);
    // Readable logs for `npm start`, loaded only when NODE_ENV=development (log-stream.ts):
    // a dev dependency, so that the image's production install leaves it out.
    const developmentOnly = ['pino-pretty'];
    const missing = [...required].filter(
      (name) => !(name in pkg.dependencies) && !developmentOnly.includes(name),
    );
    expect(missing).toEqual([]);
    for (const name of developmentOnly) expect(Object.keys(pkg.devDependencies)).toContain(name);
  });
});
