// The remotes' production server (their image, `npm run serve:prod`): one build's files.
//
//   node dist/static-server/main.js --dir dist/public-mfe --port 4201 [--host 0.0.0.0] [--spa]
//   node dist/static-server/main.js --dir /releases --versioned [--publish-from site --remote public_mfe]
//     (issue 32: a remote's published versions, `/<version>/…`, all immutable; with
//     --publish-from, the build in that folder is published at start, and with DEPLOY_API_URL,
//     VITRINE_USERNAME and VITRINE_PASSWORD the DEPLOY_ENV pointer (production) moves to it)
import { parseArgs } from 'node:util';
import { putVersion, register, signedInApi, versionOf } from './lib/publish';
import { createStaticServer } from './lib/static-files';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string', default: process.env.PORT },
    host: { type: 'string', default: '127.0.0.1' },
    spa: { type: 'boolean', default: false },
    versioned: { type: 'boolean', default: false },
    'publish-from': { type: 'string' },
    remote: { type: 'string' },
  },
});
if (!args.dir || !args.port) {
  console.error(
    'usage: main.js --dir <dist folder> --port <port> [--host <address>] [--spa] [--versioned]',
  );
  process.exit(2);
}
/** Publishes the image's own build, and moves the pointer when told where the API is. */
async function publishOwnBuild(from: string, releases: string, remote: string | undefined) {
  const version = versionOf(from, process.env.GIT_COMMIT ?? 'unknown');
  const added = putVersion(from, releases, version);
  console.log(`${added ? 'published' : 'already published'} ${version} in ${releases}`);
  const {
    DEPLOY_API_URL: api,
    VITRINE_USERNAME: username,
    VITRINE_PASSWORD: password,
  } = process.env;
  if (!api || !remote || !password) return;
  const environment = process.env.DEPLOY_ENV || 'production';
  // The API may still be starting beside this container: ask again for a minute.
  for (let attempt = 1; ; attempt++) {
    try {
      const call = await signedInApi(api, { username: username || 'admin', password });
      await register(call, remote, version, environment);
      console.log(`${remote} ${version} is ${environment}'s version; the shells check it next`);
      return;
    } catch (error) {
      if (attempt === 12) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

const dir = args.dir;
const server = createStaticServer({ dir, spa: args.spa, versioned: args.versioned });
server.listen(Number(args.port), args.host, () => {
  console.log(`serving ${dir} on http://localhost:${args.port}`);
});
if (args['publish-from']) {
  publishOwnBuild(args['publish-from'], dir, args.remote).catch((error: Error) =>
    console.error(`publishing ${args['publish-from']} failed: ${error.message}`),
  );
}
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
