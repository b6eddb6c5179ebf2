#!/usr/bin/env node
// The shell's production server (`npm run serve:prod`, the shell's container):
//
//   node shell/server/main.js [--dir dist/shell] [--port 4200] [--host 127.0.0.1]
//                             [--dev-assets http://localhost:4203]   (npm start: the shell's dev server)
//
// Env: SITE_URL (the site's public address, for canonical URLs and link previews; required in
// production, as the request's Host is never written into a page), PUBLIC_MFE_URL,
// ADMIN_MFE_URL (where the remotes are; written into /config.json, and the public one's server
// build renders the pages), API_URL (where /api and /uploads are forwarded, and where pages
// are rendered from), PUBLIC_API_URL (the API's address for browsers, when not this server),
// PUBLIC_MFE_INTERNAL_URL (where this server reaches public-mfe when not at PUBLIC_MFE_URL,
// e.g. inside a container network), TRUST_PROXY (how many proxies stand in front of this
// server, default 0), SHELL_UPLOADS_CACHE_MB (memory for the API's immutable /uploads files,
// default 32; 0 forwards every request), SHELL_RENDER_CACHE_MB (memory for rendered pages,
// default 64).
const path = require('node:path');
const { parseArgs } = require('node:util');
const { shellConfig } = require('../../tools/serve-static.js');
const { createShellServer } = require('./app');

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    api: { type: 'string' },
    'dev-assets': { type: 'string' },
  },
});
const dir = path.resolve(args.dir || process.env.SHELL_DIR || 'dist/shell');
const port = Number(args.port || process.env.PORT || 4200);
const host = args.host || process.env.HOST || '127.0.0.1';
const api = (args.api || process.env.API_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const production = process.env.NODE_ENV === 'production';
if (production && !process.env.SITE_URL) {
  console.error(
    "SITE_URL is required in production: set it to the site's public address, such as https://vitrine.example",
  );
  process.exit(1);
}
const megabytes = (name) =>
  process.env[name] === undefined || process.env[name] === ''
    ? undefined
    : Number(process.env[name]) * 1024 * 1024;

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
  siteUrl: process.env.SITE_URL || `http://localhost:${port}`,
  uploadsCacheBytes: megabytes('SHELL_UPLOADS_CACHE_MB'),
  renderCacheBytes: megabytes('SHELL_RENDER_CACHE_MB'),
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
