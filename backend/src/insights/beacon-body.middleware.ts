import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type NestMiddleware,
} from '@nestjs/common';
import express, { type Request, type Response } from 'express';

/** A beacon is a path, a referrer and a word or two. */
export const BEACON_MAX_BYTES = 2048;

const readText = express.text({ type: 'text/plain', limit: BEACON_MAX_BYTES });

/**
 * The beacon's body: `navigator.sendBeacon(url, string)` sends it as text/plain (a type
 * that needs no CORS preflight), so its JSON is parsed here; JSON sent as such has been
 * parsed already, and only its size is checked. 413 past 2 KB, 400 for text that is not JSON.
 */
@Injectable()
export class BeaconBodyMiddleware implements NestMiddleware {
  async use(request: Request, response: Response, next: () => void): Promise<void> {
    if (Number(request.headers['content-length'] ?? 0) > BEACON_MAX_BYTES) {
      throw new PayloadTooLargeException(`A beacon is at most ${BEACON_MAX_BYTES} bytes`);
    }
    await new Promise<void>((resolve, reject) =>
      readText(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    if (typeof request.body === 'string') {
      try {
        request.body = JSON.parse(request.body);
      } catch {
        throw new BadRequestException('The body must be JSON');
      }
    }
    next();
  }
}
