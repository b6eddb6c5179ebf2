import { destination } from 'pino';
import type { DestinationStream } from 'pino';

/**
 * Where the API's log lines go. In production and tests, JSON lines on stdout, written off
 * the main thread, several lines a write when they come fast: a blocked stdout (a slow log
 * collector) then no longer stalls every request, and lines still buffered are flushed when
 * the process exits. In development (`npm start`), readable lines for a person at a
 * terminal (pino-pretty, loaded only then).
 *
 * Under load every request's line was a write of its own (a trip to libuv's pool and a
 * callback, which bench:profile shows in an uncached list request's CPU time), since each
 * write ended before the next line came. Lines are now written LOG_BATCH_BYTES at a time,
 * and whatever is waiting at least every LOG_FLUSH_MS, so a quiet server's lines still
 * appear within that time.
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 100;

export async function logStream(
  env: 'development' | 'production' | 'test',
): Promise<DestinationStream> {
  if (env !== 'development')
    return destination({
      dest: 1,
      sync: false,
      minLength: LOG_BATCH_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    });
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    ignore: 'pid,hostname,context,req,res,responseTime',
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    // A request's line reads "GET /api/product → 200 in 12 ms"; others, "Database: …".
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      if (req && res)
        return `${req.method} ${req.url} → ${res.statusCode} in ${log.responseTime} ms`;
      return `${log.context ? `${log.context}: ` : ''}${log[messageKey] ?? ''}`;
    },
  });
}
