#!/usr/bin/env node
// The shell's production server (`npm run serve:prod`, the shell's container):
//
//   node shell/server/main.js [--dir dist/shell] [--port 4200] [--host 127.0.0.1]
//                             [--dev-assets http://localhost:4203]   (npm start: the shell's dev server)
//
// Env: PUBLIC_MFE_URL, ADMIN_MFE_URL (where the remotes are; written into /config.json, and
// the public one's server build renders the pages), API_URL (where /api and /uploads are
// forwarded, and where pages are rendered from), PUBLIC_API_URL (the API's address for
// browsers, when not this server), PUBLIC_MFE_INTERNAL_URL (where this server reaches
// public-mfe when not at PUBLIC_MFE_URL, e.g. inside a container network), TRUST_PROXY (how
// many proxies stand in front of this server, default 0), SITE_URL (the site's public address,
// for canonical URLs and link previews), SHELL_UPLOADS_CACHE_MB (memory for the API's
// immutable /uploads files, default 32; 0 forwards every request).
const path = require('node:path');
const { shellConfig } = require('../../tools/serve-static.js');
const { createShellServer } = require('./app');

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) args[argv[i].slice(2)] = argv[++i];
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
const dir = path.resolve(args.dir || process.env.SHELL_DIR || 'dist/shell');
const port = Number(args.port || process.env.PORT || 4200);
const host = args.host || process.env.HOST || '127.0.0.1';
const api = (args.api || process.env.API_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');

const shell = createShellServer({
  dir,
  api,
  config: (
    (config) => () =>
      config
  )(shellConfig(dir)),
  trustProxy: Number(process.env.TRUST_PROXY || 0),
  publicMfeInternalUrl: process.env.PUBLIC_MFE_INTERNAL_URL || undefined,
  devAssets: args['dev-assets'],
  siteUrl: process.env.SITE_URL || undefined,
  uploadsCacheBytes:
    process.env.SHELL_UPLOADS_CACHE_MB === undefined || process.env.SHELL_UPLOADS_CACHE_MB === ''
      ? undefined
      : Number(process.env.SHELL_UPLOADS_CACHE_MB) * 1024 * 1024,
});
const server = shell.app.listen(port, host, () => {
  console.log(
    `shell on http://localhost:${port} (pages rendered with the public remote's server build)`,
  );
});
void shell.start();

const stop = () => {
  shell.stop();
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
