#!/usr/bin/env node
// A small production static server for the front-end builds: long-lived caching for
// content-hashed files, no-cache for entry points, SPA fallback, brotli/gzip, and (for the
// shell) /config.json written from the environment. It forwards nothing: the shell's server
// (shell/server) is the one that forwards to the API.
//
//   node tools/serve-static.js --dir dist/public-mfe --port 4201 [--spa] [--config-from-env]
//
// Env for a shell config: PUBLIC_MFE_URL, ADMIN_MFE_URL (where the remotes are, written into
// /config.json).
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const crypto = require('node:crypto');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.map', '.svg', '.txt', '.xml']);
const HASHED = /\.[0-9a-f]{12,}\.\w+$/;
/**
 * What the API answers at the site's root: itself, uploads, and the crawler files. The one
 * list (the API reads it too, from @vitrine/contracts) that every server in front of it
 * forwards: the shell's, this one with API_URL, and the development servers. An image that
 * runs this file copies the JSON beside it, at the same relative place.
 */
const API_PATHS = Object.values(
  require('../libs/shared/contracts/src/lib/api-root-paths.json'),
).flat();
const forwardsToApi = (pathname) =>
  API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

function parseArgs(argv) {
  const args = { spa: false, configFromEnv: false };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (key === '--spa') args.spa = true;
    else if (key === '--config-from-env') args.configFromEnv = true;
    else if (key.startsWith('--')) args[key.slice(2)] = argv[++i];
  }
  return args;
}

/** The shell's run-time configuration, from env when given, else the built file. */
function shellConfig(dir, env = process.env) {
  const file = path.join(dir, 'config.json');
  const base = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { remotes: {} };
  const remotes = { ...base.remotes };
  const entry = (url) =>
    /\.(js|json)$/.test(url) ? url : `${url.replace(/\/$/, '')}/remoteEntry.js`;
  if (env.PUBLIC_MFE_URL) remotes.public_mfe = entry(env.PUBLIC_MFE_URL);
  if (env.ADMIN_MFE_URL) remotes.admin_mfe = entry(env.ADMIN_MFE_URL);
  // The browser calls the API on the shell's own origin (the shell's server forwards /api to
  // API_URL) unless PUBLIC_API_URL names another address it can reach directly.
  return { ...base, remotes, apiUrl: env.PUBLIC_API_URL ?? base.apiUrl ?? '' };
}

/** Origins of the URLs in the shell's config (remotes, API), for its CSP. */
function configOrigins(config) {
  if (!config) return [];
  const urls = [...Object.values(config.remotes ?? {}), config.apiUrl].filter(Boolean);
  return [
    ...new Set(
      urls
        .map((url) => {
          try {
            return new URL(url).origin;
          } catch {
            return null;
          }
        })
        .filter(Boolean),
    ),
  ];
}

/**
 * Headers every answer carries. Scripts only from this server and the configured remotes
 * (no inline script, no eval); nothing may frame the site; HSTS once behind TLS.
 * `liveReloadSockets` are development's one relaxation (see the shell's server): the
 * webpack dev servers' live-reload WebSockets, which production never names.
 */
function securityHeaders(req, extraOrigins, { liveReloadSockets = [] } = {}) {
  const origins = extraOrigins.join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${origins}`,
    // React sets style attributes; the remotes' stylesheets are files on their origins.
    `style-src 'self' 'unsafe-inline' ${origins}`,
    `img-src 'self' data: blob: https: ${origins}`,
    `media-src 'self' https: ${origins}`,
    `font-src 'self' data: ${origins}`,
    `connect-src 'self' ${origins} ${liveReloadSockets.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.replace(/ +/g, ' ').trim())
    .join('; ');
  const headers = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (req.socket.encrypted || req.headers['x-forwarded-proto'] === 'https') {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

function createStaticServer(options) {
  return http.createServer(createStaticHandler(options));
}

/** The request handler of createStaticServer, for a server that serves more than files. */
function createStaticHandler({ dir, spa = false, config }) {
  const root = path.resolve(dir);
  const compressed = new Map(); // `${file}:${encoding}` -> Buffer

  function encode(file, body, encoding) {
    // Keyed by content: a rebuilt file of the same name and length is not served stale.
    const key = `${file}:${encoding}:${crypto.createHash('sha1').update(body).digest('base64')}`;
    if (!compressed.has(key)) {
      compressed.set(
        key,
        encoding === 'br'
          ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : zlib.gzipSync(body, { level: 9 }),
      );
    }
    return compressed.get(key);
  }

  function send(req, res, status, body, { type, cache, file }) {
    const headers = {
      ...securityHeaders(req, configOrigins(config?.())),
      'Content-Type': type,
      'Cache-Control': cache,
      // Remotes are loaded by the shell from another origin, which may time them too.
      'Access-Control-Allow-Origin': '*',
      'Timing-Allow-Origin': '*',
      Vary: 'Accept-Encoding',
    };
    // Files that are not content-hashed say which version they are, so a server loading them
    // (the shell's, loading a remote's server build) can tell a redeployment.
    if (cache === 'no-cache') {
      headers.ETag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    }
    const accepts = String(req.headers['accept-encoding'] || '');
    const ext = path.extname(file);
    if (COMPRESSIBLE.has(ext) && body.length > 512) {
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      if (encoding) {
        body = encode(file, body, encoding);
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return (req, res) => {
    const url = new URL(req.url || '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return res.end();
    }
    if (config && url.pathname === '/config.json') {
      return send(req, res, 200, Buffer.from(JSON.stringify(config())), {
        type: TYPES['.json'],
        cache: 'no-cache',
        file: 'config.json',
      });
    }
    let decoded;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, securityHeaders(req, []));
      return res.end();
    }
    let file = path.join(root, decoded);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(400);
      return res.end();
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory())
      file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) {
      if (spa && !path.extname(url.pathname)) file = path.join(root, 'index.html');
      else {
        res.writeHead(404, {
          ...securityHeaders(req, []),
          'Content-Type': 'text/plain; charset=utf-8',
        });
        return res.end('Not found');
      }
    }
    const ext = path.extname(file);
    const cache = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    send(req, res, 200, fs.readFileSync(file), {
      type: TYPES[ext] || 'application/octet-stream',
      cache,
      file,
    });
  };
}

if (require.main === module) {
  const args = parseArgs(process.argv.slice(2));
  if (!args.dir || !args.port) {
    console.error(
      'usage: serve-static.js --dir <dist folder> --port <port> [--spa] [--config-from-env]',
    );
    process.exit(2);
  }
  const dir = path.resolve(args.dir);
  const server = createStaticServer({
    dir,
    spa: args.spa,
    config: args.configFromEnv ? () => shellConfig(dir) : undefined,
  });
  server.listen(Number(args.port), args.host || '127.0.0.1', () => {
    console.log(`serving ${args.dir} on http://localhost:${args.port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

module.exports = {
  API_PATHS,
  forwardsToApi,
  createStaticServer,
  createStaticHandler,
  shellConfig,
  securityHeaders,
  configOrigins,
};
