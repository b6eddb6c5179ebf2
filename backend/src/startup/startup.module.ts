import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { MediaItem, MediaItemSchema } from '../media/library/media-item.schema';
import { MediaModule } from '../media/media.module';
import { SeedModule } from '../seed/seed.module';
import { MediaLibraryMigration } from './media-library-migration';
import { StartupService } from './startup.service';

@Module({
  imports: [
    // The media library's items, for the migration that brings older content into it.
    MongooseModule.forFeature([{ name: MediaItem.name, schema: MediaItemSchema }]),
    AuthModule,
    SeedModule,
    MediaModule,
  ],
  providers: [StartupService, MediaLibraryMigration],
})
export class StartupModule {}
