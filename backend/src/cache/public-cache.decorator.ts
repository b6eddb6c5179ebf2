import { applyDecorators, Header, SetMetadata } from '@nestjs/common';

/** What a visitor's answer is sent with: revalidated on every use, a cheap 304 if unchanged. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';
/** What a signed-in viewer's answer of the same route is sent with: it may show drafts. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Marks the routes whose visitors' answers PublicCacheStore keeps. */
export const PUBLIC_CACHE = 'vitrine:public-cache';

/**
 * Marks a public GET route whose visitors' answers may be kept and shared until the public
 * content changes. A new public route opts in here, where it is declared. The route's
 * answers leave with `Cache-Control: no-cache`, which is how PublicCacheStore knows them
 * when they are sent; no interceptor wraps the route, so a signed-in viewer's uncached read
 * costs nothing more than any other route's.
 */
export const PublicCache = () =>
  applyDecorators(SetMetadata(PUBLIC_CACHE, true), Header('Cache-Control', PUBLIC_CACHE_CONTROL));
