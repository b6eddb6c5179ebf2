#!/usr/bin/env node
// Deploying a remote (issue 32): a build is published under a version of its own, which is
// never written again, and the environment's pointer (kept by the API) moves to it; the
// shells serve a version once it passes their checks (shell/server/deployments.ts).
//
//   npm run deploy:publish -- public-mfe [--from dist/public-mfe] [--releases DIR] [--keep 10]
//   npm run deploy:promote -- public-mfe <version>
//   npm run deploy:rollback -- public-mfe
//   each with [--environment production] [--api http://localhost:3000]
//
// Signs in with VITRINE_USERNAME and VITRINE_PASSWORD, or, on a developer's machine, as the
// administrator that `npm start` and `npm run serve:prod` print (data/dev-admin-password.txt).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execSync } = require('node:child_process');
const { parseArgs } = require('node:util');

const root = path.resolve(__dirname, '..');
const REMOTES = { 'public-mfe': 'public_mfe', 'admin-mfe': 'admin_mfe' };

class DeployError extends Error {}

/** Every file of a build, relative to it, in a stable order. */
function filesOf(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) files.push(path.relative(dir, file).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/** The build's content hash: the same files with the same bytes, the same hash. */
function contentHash(dir) {
  const hash = crypto.createHash('sha256');
  for (const file of filesOf(dir)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function commit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT.toLowerCase();
  try {
    return execSync('git rev-parse --short HEAD', {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Copies `from` to `releases/<version>` unless it is there; never writes over a version. */
function putVersion(from, releases, version) {
  const target = path.join(releases, version);
  if (fs.existsSync(target)) {
    if (contentHash(target) !== version.split('-')[0]) {
      throw new DeployError(`${target} holds other files: a published version is never replaced`);
    }
    return false;
  }
  fs.mkdirSync(releases, { recursive: true });
  const incoming = fs.mkdtempSync(path.join(releases, '.incoming-'));
  fs.cpSync(from, incoming, { recursive: true });
  fs.renameSync(incoming, target);
  return true;
}

/** Removes all but the newest `keep` versions, and never one of `kept`. */
function prune(releases, keep, kept) {
  const versions = fs
    .readdirSync(releases, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => ({
      name: entry.name,
      at: fs.statSync(path.join(releases, entry.name)).mtimeMs,
    }))
    .sort((a, b) => b.at - a.at);
  const removed = [];
  for (const { name } of versions.slice(keep)) {
    if (kept.has(name)) continue;
    fs.rmSync(path.join(releases, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** The API, as an administrator: `call(method, path, body)` gives the parsed answer. */
async function apiAs(api) {
  let username = process.env.VITRINE_USERNAME;
  let password = process.env.VITRINE_PASSWORD;
  const devPassword = path.join(
    path.resolve(process.env.DATA_DIR || path.join(root, 'data')),
    'dev-admin-password.txt',
  );
  if (!password && fs.existsSync(devPassword)) {
    username ??= process.env.ADMIN_USERNAME || 'admin';
    password = fs.readFileSync(devPassword, 'utf8').trim();
  }
  if (!username || !password) {
    throw new DeployError(
      'Set VITRINE_USERNAME and VITRINE_PASSWORD: an administrator of the site',
    );
  }
  const request = async (method, url, body, token) => {
    let response;
    try {
      response = await fetch(`${api}${url}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new DeployError(
        `The API at ${api} cannot be reached (${error.cause?.code ?? error.message}): start it, or name it with --api`,
      );
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      throw new DeployError(
        `${method} ${url} answered ${response.status}: ${answer.message ?? ''}`,
      );
    }
    return answer;
  };
  const { token } = await request('POST', '/api/user/login', {
    UserName: username,
    Password: password,
  });
  return (method, url, body) => request(method, url, body, token);
}

async function main() {
  const { values: options, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      releases: { type: 'string' },
      environment: { type: 'string', default: 'production' },
      api: {
        type: 'string',
        default: process.env.API_URL || `http://localhost:${process.env.PORT || 3000}`,
      },
      keep: { type: 'string', default: '10' },
    },
  });
  const [command, project, version] = positionals;
  const remote = REMOTES[project];
  if (!['publish', 'promote', 'rollback'].includes(command) || !remote) {
    throw new DeployError(
      'usage: deploy.js publish|promote|rollback public-mfe|admin-mfe [version] [--environment production] [--api URL]',
    );
  }
  const { environment } = options;
  const call = await apiAs(options.api.replace(/\/$/, ''));

  if (command === 'rollback') {
    const moved = await call('POST', `/api/deployments/${remote}/rollback`, { environment });
    console.log(
      `${remote} in ${environment} points back at ${moved.current} (from ${moved.previous}); the shells switch within seconds.`,
    );
    return;
  }
  if (command === 'promote') {
    if (!version) throw new DeployError('promote needs the version to serve');
    const moved = await call('POST', `/api/deployments/${remote}/promote`, {
      version,
      environment,
    });
    console.log(
      `${remote} in ${environment} points at ${moved.current}; the shells serve it once it passes their checks.`,
    );
    return;
  }

  const from = path.resolve(options.from || path.join(root, 'dist', project));
  if (!fs.existsSync(path.join(from, 'remoteEntry.js'))) {
    throw new DeployError(
      `${from} holds no built remote (no remoteEntry.js): run npx nx build ${project}`,
    );
  }
  const releases = path.resolve(
    options.releases ||
      path.join(process.env.DATA_DIR || path.join(root, 'data'), 'releases', project),
  );
  const published = `${contentHash(from)}-${commit()}`;
  const added = putVersion(from, releases, published);
  const moved = await call('POST', `/api/deployments/${remote}/versions`, {
    version: published,
    environment,
  });
  const removed = prune(releases, Number(options.keep), new Set([moved.current, moved.previous]));
  console.log(
    `${added ? 'Published' : 'Found'} ${remote} ${published} in ${releases} and pointed ${environment} at it; ` +
      'the shells serve it once it passes their checks.' +
      (removed.length ? ` Removed ${removed.length} older version(s).` : '') +
      `\nTo go back: npm run deploy:rollback -- ${project}${environment === 'production' ? '' : ` --environment ${environment}`}`,
  );
}

main().catch((error) => {
  console.error(error instanceof DeployError ? error.message : error);
  process.exit(1);
});
