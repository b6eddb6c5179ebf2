// Forwarding to the API: http-proxy-middleware with one fixed target, behind a gate that lets
// through only what the API answers at the site's root (API_PATHS) and refuses the requests
// that would make this server reach anything else (server-side request forgery).
const { createProxyMiddleware } = require('http-proxy-middleware');
const { API_PATHS } = require('../../tools/serve-static.js');

/** The root path the API answers `pathname` under (`/api`, `/uploads`…), or null. */
function apiRootOf(pathname) {
  return (
    API_PATHS.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)) ?? null
  );
}

/**
 * What to do with a request target as it arrived (`req.originalUrl`): `'page'` (not the
 * API's), `'api'` (forward it) or `'refuse'` (400):
 * - an absolute-form target (`GET http://host:port/x HTTP/1.1`) or any other target that is
 *   not a path is refused: forwarded, it would name its own host;
 * - a path that names the API but, once percent-decoded, has dot segments, backslashes or
 *   control characters, or falls under another root than it seemed to, is refused: the API
 *   or a server behind it could resolve it to a path outside `/api/` or `/uploads/`.
 */
function classifyTarget(target) {
  if (!target.startsWith('/') || target.startsWith('//')) return 'refuse';
  const rawPath = target.split('?')[0];
  const root = apiRootOf(rawPath);
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return root ? 'refuse' : 'page';
  }
  const decodedRoot = apiRootOf(decoded);
  if (!root && !decodedRoot) return 'page';
  const walks =
    /(^|\/)\.\.?(\/|$)/.test(decoded) ||
    decoded.includes('\\') ||
    [...decoded].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  return root === decodedRoot && !walks ? 'api' : 'refuse';
}

/** 400 in the API's error shape, for a target this server will not forward. */
function refuse(res) {
  res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Invalid request target' }),
  );
}

/**
 * The client's address for the API: what the proxies this server trusts (`trustProxy` hops in
 * front of it) put in X-Forwarded-For, then its own peer. What a client claims beyond those
 * hops is dropped, never passed on.
 */
function forwardedFor(req, trustProxy) {
  const claimed = String(req.headers['x-forwarded-for'] || '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const kept = trustProxy > 0 ? claimed.slice(-trustProxy) : [];
  return [...kept, req.socket.remoteAddress].filter(Boolean).join(', ');
}

/**
 * @param {object} options
 * @param {string} options.target the API's address: the only place this proxy sends anything
 * @param {number} [options.trustProxy] proxies in front of this server whose X-Forwarded-*
 *   headers are believed; 0 (the default) sets them from the connection alone
 * @returns {import('express').RequestHandler} forwards the request; a request given an
 *   `onApiAnswer(answer)` callback has it called with the API's answer as it starts
 */
function createApiProxy({ target, trustProxy = 0 }) {
  return createProxyMiddleware({
    target,
    changeOrigin: true,
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.setHeader('x-forwarded-for', forwardedFor(req, trustProxy));
        const trusted = trustProxy > 0;
        proxyReq.setHeader(
          'x-forwarded-proto',
          (trusted && req.headers['x-forwarded-proto']) ||
            (req.socket.encrypted ? 'https' : 'http'),
        );
        proxyReq.setHeader(
          'x-forwarded-host',
          (trusted && req.headers['x-forwarded-host']) || req.headers.host || '',
        );
      },
      proxyRes(answer, req) {
        req.onApiAnswer?.(answer);
      },
      error(_error, _req, res) {
        // A socket (a WebSocket upgrade) has no writeHead: it is closed.
        if (!('writeHead' in res) || res.headersSent) return res.destroy();
        res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'The API is not reachable',
          }),
        );
      },
    },
  });
}

module.exports = { classifyTarget, createApiProxy, refuse };
