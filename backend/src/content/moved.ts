import { ApiProperty } from '@nestjs/swagger';
import type { Request, Response } from 'express';

/** The body of a 301 from an earlier slug: where the item is now. */
export class MovedResponse {
  @ApiProperty({ example: 301 })
  statusCode: number;

  @ApiProperty({ example: 'Moved permanently' })
  message: string;

  @ApiProperty({ example: 'sky-blue-poplin', description: 'The current slug' })
  slug: string;

  @ApiProperty({ example: '/api/product/singleproject/sky-blue-poplin' })
  location: string;
}

/**
 * Answers 301 to the same route with `slug` as its last segment (the query kept), so a
 * client following redirects gets the item as before. `no-cache` because a later rename
 * may give the old slug back: a browser must not remember the move for good.
 */
export function movedPermanently(
  request: Request,
  response: Response,
  slug: string,
): MovedResponse {
  const url = new URL(request.originalUrl, 'http://api.invalid');
  url.pathname = url.pathname.replace(/[^/]+\/?$/, encodeURIComponent(slug));
  const location = `${url.pathname}${url.search}`;
  response.status(301).setHeader('Location', location);
  response.setHeader('Cache-Control', 'no-cache');
  return { statusCode: 301, message: 'Moved permanently', slug, location };
}
