import { Global, Module } from '@nestjs/common';
import { ContentVersionController } from './content-version.controller';
import { ContentVersionService } from './content-version.service';
import { PublicCacheInterceptor } from './public-cache.interceptor';
import { PublicCacheStore } from './public-cache.store';

/** The content version and the public cache that follows it. */
@Global()
@Module({
  controllers: [ContentVersionController],
  providers: [ContentVersionService, PublicCacheStore, PublicCacheInterceptor],
  exports: [ContentVersionService, PublicCacheStore, PublicCacheInterceptor],
})
export class CacheModule {}
