import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type NestMiddleware,
} from '@nestjs/common';
import type { Request, Response } from 'express';

/** A beacon is a path, a referrer and a word or two. */
export const BEACON_MAX_BYTES = 2048;

/** Reads a text/plain body, refusing it past the limit (whatever Content-Length said). */
async function readText(request: Request): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BEACON_MAX_BYTES) {
      throw new PayloadTooLargeException(`A beacon is at most ${BEACON_MAX_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The beacon's body: `navigator.sendBeacon(url, string)` sends it as text/plain (a type
 * that needs no CORS preflight), so its JSON is parsed here; JSON sent as such has been
 * parsed already, and only its size is checked. 413 past 2 KB, 400 for text that is not JSON.
 */
@Injectable()
export class BeaconBodyMiddleware implements NestMiddleware {
  async use(request: Request, _response: Response, next: () => void): Promise<void> {
    if (Number(request.headers['content-length'] ?? 0) > BEACON_MAX_BYTES) {
      throw new PayloadTooLargeException(`A beacon is at most ${BEACON_MAX_BYTES} bytes`);
    }
    // Express's own text parser is not among the API's dependencies; a beacon is small.
    if (/^text\/plain\b/i.test(request.headers['content-type'] ?? '') && !request.readableEnded) {
      const text = await readText(request);
      try {
        request.body = JSON.parse(text);
      } catch {
        throw new BadRequestException('The body must be JSON');
      }
    }
    next();
  }
}
