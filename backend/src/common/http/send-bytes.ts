import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';

type Reply = (response: Response, body: unknown, statusCode?: number) => unknown;

/**
 * A route that returns a Buffer has its answer's bytes already, JSON written straight from
 * the database's BSON (sendJson), or by the public cache: they are sent as they are, where
 * Nest would hand any object to `res.json` and write a Buffer as `{"type":"Buffer","data":[…]}`.
 * The route sets their Content-Type.
 *
 * An answer no cache may keep (`Cache-Control: …no-store`, an administrator's reads) gets no
 * ETag: nothing ever revalidates it, and hashing a list of 50 products for one cost a
 * request more than writing its headers. Every other answer is sent by Express as before,
 * with its ETag and a 304 to a matching If-None-Match.
 */
export function sendBytesAsTheyAre(app: NestExpressApplication): void {
  const adapter = app.getHttpAdapter() as unknown as { reply: Reply };
  const reply = adapter.reply.bind(adapter);
  adapter.reply = (response, body, statusCode) => {
    if (!Buffer.isBuffer(body)) return reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    if (String(response.getHeader('Cache-Control') ?? '').includes('no-store')) {
      // A HEAD request's answer carries the length and no body (Node drops it).
      response.setHeader('Content-Length', body.length);
      return response.end(body);
    }
    return response.send(body);
  };
}
