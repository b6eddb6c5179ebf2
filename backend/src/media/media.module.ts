import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MongooseModule } from '@nestjs/mongoose';
import { MulterModule } from '@nestjs/platform-express';
import path from 'node:path';
import { memoryStorage } from 'multer';
import type { AppConfig } from '../config/app.config';
import { EditorUpload, EditorUploadSchema } from './editor-upload.schema';
import { EditorImagesService } from './editor-images.service';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { LocalDiskStorage, MEDIA_STORAGE } from './media.storage';

/**
 * Every upload goes through here: multer keeps files in memory under UPLOAD_MAX_MB (413
 * beyond), MediaService checks and re-encodes them, and the storage adapter keeps them.
 * EditorImagesService removes the rich-text images no content uses any more.
 */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: EditorUpload.name, schema: EditorUploadSchema }]),
    MulterModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        storage: memoryStorage(),
        limits: {
          fileSize: config.getOrThrow<AppConfig>('app').uploadMaxBytes,
          files: 10,
          fields: 40,
          fieldSize: 1024 * 1024,
        },
      }),
    }),
  ],
  controllers: [MediaController],
  providers: [
    MediaService,
    EditorImagesService,
    {
      provide: MEDIA_STORAGE,
      inject: [ConfigService],
      useFactory: (config: ConfigService) =>
        new LocalDiskStorage(uploadsDir(config.getOrThrow<AppConfig>('app').dataDir)),
    },
  ],
  exports: [MediaService, MulterModule],
})
export class MediaModule {}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
