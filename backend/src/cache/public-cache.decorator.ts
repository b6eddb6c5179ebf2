import { UseInterceptors } from '@nestjs/common';
import { PublicCacheInterceptor } from './public-cache.interceptor';

/**
 * Marks a public GET route whose visitors' answers may be kept and shared until the public
 * content changes (PublicCacheInterceptor, PublicCacheStore). A new public route opts in
 * here, where it is declared. Its answers leave with `Cache-Control: no-cache` and an ETag
 * to a visitor, and `private, no-store` to a signed-in viewer, who may see drafts.
 */
export const PublicCache = () => UseInterceptors(PublicCacheInterceptor);
