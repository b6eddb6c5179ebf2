import { Global, Module } from '@nestjs/common';
import { ContentScheduleService } from './content-schedule.service';
import { ContentVersionController } from './content-version.controller';
import { ContentVersionService } from './content-version.service';
import { PublicCacheStore } from './public-cache.store';

/** The content version, the moments that move it by themselves, and the public cache that follows it. */
@Global()
@Module({
  controllers: [ContentVersionController],
  providers: [ContentVersionService, ContentScheduleService, PublicCacheStore],
  exports: [ContentVersionService, ContentScheduleService, PublicCacheStore],
})
export class CacheModule {}
