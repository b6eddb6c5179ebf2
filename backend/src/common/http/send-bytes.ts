import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';

type Reply = (response: Response, body: unknown, statusCode?: number) => unknown;
/** Sees a route's result before it is sent, and gives what is to be sent instead. */
export type BeforeReply = (response: Response, body: unknown, statusCode: number) => unknown;

/**
 * A route that returns a Buffer has its answer's bytes already, JSON written straight from
 * the database's BSON (sendJson), or by the public cache (`before`): they are sent as they
 * are, where Nest would hand any object to `res.json` and write a Buffer as
 * `{"type":"Buffer","data":[…]}`. The route sets their Content-Type.
 *
 * An answer no cache may keep (`Cache-Control: …no-store`, an administrator's reads) gets no
 * ETag: nothing ever revalidates it, and hashing a list of 50 products for one cost a
 * request more than writing its headers. Every other answer is sent by Express as before,
 * with its ETag and a 304 to a matching If-None-Match.
 *
 * `before` sees every result first: the public cache takes its routes' answers there.
 */
export function sendBytesAsTheyAre(app: NestExpressApplication, before?: BeforeReply): void {
  const adapter = app.getHttpAdapter() as unknown as { reply: Reply };
  const reply = adapter.reply.bind(adapter);
  adapter.reply = (response, result, statusCode) => {
    const body = before ? before(response, result, statusCode ?? response.statusCode) : result;
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
