// The remotes' production server (their image, `npm run serve:prod`): one build's files.
//
//   node dist/static-server/main.js --dir dist/public-mfe --port 4201 [--host 0.0.0.0] [--spa]
//   node dist/static-server/main.js --dir /releases --versioned [--publish-from site --remote public_mfe]
//       [--keep 10] [--pinned <version>,…]
//     (issue 32: a remote's published versions, `/<version>/…`, all immutable; with
//     --publish-from, the build in that folder is published at start, and with DEPLOY_API_URL,
//     VITRINE_USERNAME and VITRINE_PASSWORD it is recorded for the DEPLOY_ENV pointer
//     (production), which moves to it only if it never named it, and the folder is pruned to
//     the last --keep versions (KEEP_VERSIONS, default 10) plus those a pointer still needs and
//     those pinned (PINNED_VERSIONS))
import { PublishError } from './lib/publish';
import { publishAtStart } from './lib/publish-at-start';
import { serverOptions, type ServerOptions } from './lib/server-options';
import { createStaticServer } from './lib/static-files';

let options: ServerOptions;
try {
  options = serverOptions(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof PublishError ? error.message : error);
  process.exit(2);
}

const { dir, port, host } = options;
const server = createStaticServer({ dir, spa: options.spa, versioned: options.versioned });
server.listen(port, host, () => {
  console.log(`serving ${dir} on http://localhost:${port}`);
});
if (options.publishFrom) {
  const from = options.publishFrom;
  const {
    DEPLOY_API_URL: api,
    VITRINE_USERNAME: username,
    VITRINE_PASSWORD: password,
  } = process.env;
  publishAtStart({
    from,
    releases: dir,
    remote: options.remote,
    commit: process.env.GIT_COMMIT ?? 'unknown',
    environment: process.env.DEPLOY_ENV || 'production',
    api: api && password ? { url: api, username: username || 'admin', password } : undefined,
    keep: options.keep,
    pinned: options.pinned,
    log: (line) => console.log(line),
  }).catch((error: Error) => console.error(`publishing ${from} failed: ${error.message}`));
}
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
