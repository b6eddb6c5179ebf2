import type { NextFunction, Request, RequestHandler, Response } from 'express';
import crypto from 'node:crypto';

/** Public content whose anonymous answers may be kept and shared. */
const CACHEABLE = /^\/api\/(product|service|reviews|gallery|settings)(\/|\?|$)/;
const MAX_ENTRIES = 500;

interface Entry {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/**
 * Keeps anonymous answers of the public content endpoints in memory, with a strong ETag
 * (304 for a matching If-None-Match) and a short max-age. Any successful write to that
 * content empties it, so a visitor never sees a stale list after an admin's save.
 * Requests that carry a token are never cached: administrators see unpublished items.
 */
export function publicCache(): RequestHandler & { clear(): void } {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };

  const handler = (request: Request, response: Response, next: NextFunction) => {
    const url = request.originalUrl;
    if (!CACHEABLE.test(url)) return next();

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.on('finish', () => {
        if (response.statusCode < 400) clear();
      });
      return next();
    }
    if (request.headers.authorization) {
      response.setHeader('Cache-Control', 'private, no-store');
      return next();
    }

    const hit = entries.get(url);
    if (hit) {
      response.set(hit.headers);
      if (request.headers['if-none-match'] === hit.etag) return response.status(304).end();
      return response.status(200).end(request.method === 'HEAD' ? undefined : hit.body);
    }

    const startedIn = generation;
    const send = response.send.bind(response);
    response.send = (body?: unknown) => {
      if (response.statusCode === 200 && (typeof body === 'string' || Buffer.isBuffer(body))) {
        const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
        const etag = `"${crypto.createHash('sha1').update(buffer).digest('base64url')}"`;
        response.setHeader('ETag', etag);
        response.setHeader('Cache-Control', 'public, max-age=30');
        // A write that finished while this answer was being built makes it stale.
        if (startedIn === generation) {
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'x-total-count', 'link', 'etag', 'cache-control']) {
            const value = response.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          entries.set(url, { body: buffer, etag, headers });
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        }
      }
      return send(body);
    };
    next();
  };
  return Object.assign(handler, { clear });
}
