// Forwarding to the API: http-proxy-middleware with one fixed target, behind a gate that lets
// through only what the API answers at the site's root (API_ROOT_PATHS) and refuses the
// requests that would make this server reach anything else (server-side request forgery).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { API_ROOT_PATHS } from '@vitrine/contracts';

/** A request the shell's server may hand an answer of the API's to, as it starts. */
export interface ForwardedRequest extends IncomingMessage {
  onApiAnswer?: (answer: IncomingMessage) => void;
}

/** The root path the API answers `pathname` under (`/api`, `/uploads`…), or null. */
function apiRootOf(pathname: string): string | null {
  return (
    API_ROOT_PATHS.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)) ??
    null
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
export function classifyTarget(target: string): 'page' | 'api' | 'refuse' {
  if (!target.startsWith('/') || target.startsWith('//')) return 'refuse';
  const rawPath = target.split('?')[0];
  const root = apiRootOf(rawPath);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return root ? 'refuse' : 'page';
  }
  const decodedRoot = apiRootOf(decoded);
  if (!root && !decodedRoot) return 'page';
  // A dot segment, also as `%2e` (which a URL parser behind may still read as a dot).
  const walks =
    /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(decoded) ||
    decoded.includes('\\') ||
    [...decoded].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  return root === decodedRoot && !walks ? 'api' : 'refuse';
}

/** 400 in the API's error shape, for a target this server will not forward. */
export function refuse(res: ServerResponse): void {
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
function forwardedFor(req: IncomingMessage, trustProxy: number): string {
  const kept = trustProxy > 0 ? claimedAddresses(req).slice(-trustProxy) : [];
  return [...kept, req.socket.remoteAddress].filter(Boolean).join(', ');
}

const claimedAddresses = (req: IncomingMessage): string[] =>
  String(req.headers['x-forwarded-for'] || '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The client's own address, as Express's `trust proxy` of `trustProxy` hops reads it: the
 * address the farthest trusted proxy names, or the connection's peer when none is trusted.
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const claimed = trustProxy > 0 ? claimedAddresses(req) : [];
  if (!claimed.length) return req.socket.remoteAddress ?? '';
  return claimed[Math.max(0, claimed.length - trustProxy)];
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Forwards a request to `target`, the API's address and the only place it sends anything;
 * `trustProxy` proxies in front of this server have their X-Forwarded-* headers believed (0,
 * the default, sets them from the connection alone). A request given an `onApiAnswer`
 * callback has it called with the API's answer as it starts.
 */
export function createApiProxy({
  target,
  trustProxy = 0,
}: {
  target: string;
  trustProxy?: number;
}): RequestHandler {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    changeOrigin: true,
    on: {
      proxyReq(proxyReq, req) {
        const trusted = trustProxy > 0;
        const encrypted = (req.socket as TLSSocket).encrypted;
        proxyReq.setHeader('x-forwarded-for', forwardedFor(req, trustProxy));
        proxyReq.setHeader(
          'x-forwarded-proto',
          (trusted && header(req, 'x-forwarded-proto')) || (encrypted ? 'https' : 'http'),
        );
        proxyReq.setHeader(
          'x-forwarded-host',
          (trusted && header(req, 'x-forwarded-host')) || req.headers.host || '',
        );
      },
      proxyRes(answer, req) {
        (req as ForwardedRequest).onApiAnswer?.(answer);
      },
      error(_error, _req, res) {
        // A socket (a WebSocket upgrade) has no writeHead: it is closed.
        if (!('writeHead' in res) || res.headersSent) {
          (res as Socket | ServerResponse).destroy();
          return;
        }
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
  }) as unknown as RequestHandler;
}
