import type { Request } from 'express';
import type { Writable } from 'node:stream';

/**
 * A request body read whole before its route parses it: the idempotency check reads a
 * multipart body to compare it with the first request's, and multer, which would otherwise
 * read the (by then drained) request stream, is fed these bytes instead (multer's
 * `streamHandler`, set in MediaModule).
 */
const bufferedBodies = new WeakMap<Request, Buffer>();

export function keepBufferedBody(request: Request, body: Buffer): void {
  bufferedBodies.set(request, body);
}

/** multer's `streamHandler`: the bytes read already, or else the request as it comes. */
export function feedRequestBody(request: Request, parser: Writable): void {
  const body = bufferedBodies.get(request);
  if (body) parser.end(body);
  else request.pipe(parser);
}

/**
 * The whole body, refused with `tooLarge()` past `maxBytes` (and the connection closed,
 * rather than the rest read for nothing).
 */
export function readWholeBody(
  request: Request,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const fail = (error: Error) => {
      request.off('data', onData);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        fail(tooLarge());
        request.unpipe();
        request.resume();
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks, length)));
    request.once('error', fail);
    request.once('aborted', () => fail(new Error('The request was aborted')));
  });
}
