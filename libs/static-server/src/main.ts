// The remotes' production server (their image, `npm run serve:prod`): one build's files.
//
//   node dist/static-server/main.js --dir dist/public-mfe --port 4201 [--host 0.0.0.0] [--spa]
//   node dist/static-server/main.js --dir releases/public-mfe --versioned …   (issue 32: a
//     remote's published versions, `/<version>/…`, all immutable)
import { parseArgs } from 'node:util';
import { createStaticServer } from './lib/static-files';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string', default: process.env.PORT },
    host: { type: 'string', default: '127.0.0.1' },
    spa: { type: 'boolean', default: false },
    versioned: { type: 'boolean', default: false },
  },
});
if (!args.dir || !args.port) {
  console.error(
    'usage: main.js --dir <dist folder> --port <port> [--host <address>] [--spa] [--versioned]',
  );
  process.exit(2);
}
const server = createStaticServer({ dir: args.dir, spa: args.spa, versioned: args.versioned });
server.listen(Number(args.port), args.host, () => {
  console.log(`serving ${args.dir} on http://localhost:${args.port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
