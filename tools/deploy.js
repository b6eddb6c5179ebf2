#!/usr/bin/env node
// Deploying a remote (issue 32): a build is published under a version of its own, which is
// never written again, and the environment's pointer (kept by the API) moves to it; the
// shells serve a version once it passes their checks (shell/server/deployments.ts).
//
//   npm run deploy:publish -- public-mfe [--from dist/public-mfe] [--releases DIR] [--keep 10]
//       [--pinned <version>,…]   (prunes the releases folder to the last --keep versions, plus
//       those a pointer still needs, which the API tells, and those pinned)
//   npm run deploy:promote -- public-mfe <version>
//   npm run deploy:rollback -- public-mfe
//   each with [--environment production] [--api http://localhost:3000]
//
// Signs in with VITRINE_USERNAME and VITRINE_PASSWORD, or, on a developer's machine, as the
// administrator that `npm start` and `npm run serve:prod` print (data/dev-admin-password.txt).
const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { gitCommit } = require('./git-commit');

// The publishing itself is the static server's (libs/static-server), loaded from source.
require('@swc-node/register');
const {
  PublishError,
  parseKeep,
  pruneReleases,
  putVersion,
  register,
  signedInApi,
  versionOf,
} = require('../libs/static-server/src/lib/publish');

const root = path.resolve(__dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
const REMOTES = { 'public-mfe': 'public_mfe', 'admin-mfe': 'admin_mfe' };

/** VITRINE_USERNAME/VITRINE_PASSWORD, or the development administrator npm start prints. */
function credentials() {
  const devPassword = path.join(dataDir, 'dev-admin-password.txt');
  if (process.env.VITRINE_PASSWORD) {
    return {
      username: process.env.VITRINE_USERNAME || 'admin',
      password: process.env.VITRINE_PASSWORD,
    };
  }
  if (fs.existsSync(devPassword)) {
    return {
      username: process.env.ADMIN_USERNAME || 'admin',
      password: fs.readFileSync(devPassword, 'utf8').trim(),
    };
  }
  throw new PublishError('Set VITRINE_USERNAME and VITRINE_PASSWORD: an administrator of the site');
}

const USAGE =
  'usage: deploy.js publish|promote|rollback public-mfe|admin-mfe [version] [--environment production] [--api URL]';

/** The command line, checked before anything is signed in to or written. */
function commandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        releases: { type: 'string' },
        environment: { type: 'string', default: 'production' },
        api: {
          type: 'string',
          default: process.env.API_URL || `http://localhost:${process.env.PORT || 3000}`,
        },
        keep: { type: 'string' },
        pinned: { type: 'string', default: '' },
      },
    });
  } catch (error) {
    // parseArgs explains some refusals over several lines: one line, as every refusal here.
    throw new PublishError(error.message.replace(/\s*\n\s*/g, ' '));
  }
  const { values, positionals } = parsed;
  const [command, project, version] = positionals;
  if (!['publish', 'promote', 'rollback'].includes(command) || !REMOTES[project]) {
    throw new PublishError(USAGE);
  }
  if (command === 'promote' && !version)
    throw new PublishError('promote needs the version to serve');
  const options = {
    ...values,
    keep: parseKeep(values.keep),
    pinned: values.pinned
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
  return { command, project, version, remote: REMOTES[project], options };
}

async function main() {
  const { command, project, version, remote, options } = commandLine();
  const { environment } = options;
  const call = await signedInApi(options.api.replace(/\/$/, ''), credentials());

  if (command === 'rollback') {
    const moved = await call('POST', `/api/deployments/${remote}/rollback`, { environment });
    // Each rollback goes one further back, so the next one's target is said too.
    console.log(
      `${remote} in ${environment} points back at ${moved.current}; the shells switch within seconds. ` +
        (moved.previous
          ? `Another rollback would go back to ${moved.previous}.`
          : 'There is nothing earlier to go back to.'),
    );
    return;
  }
  if (command === 'promote') {
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
  const releases = path.resolve(options.releases || path.join(dataDir, 'releases', project));
  const published = versionOf(from, gitCommit());
  const added = putVersion(from, releases, published);
  await register(call, remote, published, environment);
  const removed = await pruneReleases(call, remote, releases, {
    keep: options.keep,
    pinned: options.pinned,
  });
  console.log(
    `${added ? 'Published' : 'Found'} ${remote} ${published} in ${releases} and pointed ${environment} at it; ` +
      'the shells serve it once it passes their checks.' +
      (removed.length
        ? ` Removed ${removed.length} older version(s), keeping the last ${options.keep} and those a pointer needs.`
        : '') +
      `\nTo go back: npm run deploy:rollback -- ${project}` +
      (environment === 'production' ? '' : ` --environment ${environment}`),
  );
}

main().catch((error) => {
  console.error(error instanceof PublishError ? error.message : error);
  process.exit(1);
});
