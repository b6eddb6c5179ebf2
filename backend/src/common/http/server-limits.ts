import type { Server } from 'node:http';
import type { ServerLimits } from '../../config/app.config';

/**
 * Sets the HTTP server's limits explicitly: a client that trickles its headers or body in,
 * or opens connections without end, is cut off instead of holding the API. Called before
 * the server listens, which is when Node reads the checking interval.
 */
export function applyServerLimits(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node looks for overdue requests every 30 s by default, which would let a 20 s
  // headers timeout run to 50 s.
  Object.assign(server, {
    connectionsCheckingInterval: Math.min(5000, Math.max(250, limits.headersTimeoutMs / 4)),
  });
}
