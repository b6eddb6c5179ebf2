import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import { MulterModule } from '@nestjs/platform-express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { UPLOADS_PATH } from '@vitrine/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { Connection } from 'mongoose';
import { memoryStorage } from 'multer';
import { feedRequestBody } from '../common/http/buffered-body';
import { uploadsDir, type AppConfig } from '../config/app.config';
import { EditorUpload, EditorUploadSchema } from './editor-upload.schema';
import { EditorImagesService } from './editor-images.service';
import { MediaItem, MediaItemSchema } from './library/media-item.schema';
import { MediaLibraryController } from './library/media-library.controller';
import { MediaLibraryService } from './library/media-library.service';
import { MediaCache } from './media-cache';
import { MediaController } from './media.controller';
import { MediaClaims } from './media-claims';
import { MediaService } from './media.service';
import { OrphanMediaService } from './orphan-media.service';
import { DiskStorage } from './storage/disk.storage';
import { GridFsStorage } from './storage/gridfs.storage';
import { MEDIA_NAME, MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';
import { UPLOAD_HEADERS } from './upload-headers';

/**
 * Every upload goes through here: multer keeps files in memory under UPLOAD_MAX_MB (413
 * beyond), MediaService checks and re-encodes them, and the storage adapter keeps them:
 * on the disk (MEDIA_STORAGE=disk) or in GridFS (gridfs), served through a per-instance
 * MediaCache. Every stored image is an item of the media library (MediaLibraryService),
 * with its alt text and the content using it. EditorImagesService removes the rich-text images no content uses any more,
 * OrphanMediaService the files of saves that never happened (a crash).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: EditorUpload.name, schema: EditorUploadSchema },
      { name: MediaItem.name, schema: MediaItemSchema },
    ]),
    MulterModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        storage: memoryStorage(),
        // A body the idempotency check has read already is parsed from its bytes.
        ...{ streamHandler: feedRequestBody },
        limits: {
          fileSize: config.getOrThrow<AppConfig>('app').uploadMaxBytes,
          files: 10,
          fields: 40,
          fieldSize: 1024 * 1024,
        },
      }),
    }),
  ],
  controllers: [MediaController, MediaLibraryController],
  providers: [
    MediaService,
    MediaLibraryService,
    MediaClaims,
    EditorImagesService,
    OrphanMediaService,
    {
      provide: MEDIA_STORAGE,
      inject: [ConfigService, getConnectionToken()],
      useFactory: (config: ConfigService, connection: Connection): MediaStorage => {
        const { media, dataDir } = config.getOrThrow<AppConfig>('app');
        if (media.storage === 'disk') return new DiskStorage(uploadsDir(dataDir));
        if (!connection.db) throw new Error('GridFS media storage needs a connected database');
        return new GridFsStorage(connection.db);
      },
    },
    {
      provide: MediaCache,
      inject: [ConfigService, MEDIA_STORAGE],
      useFactory: async (config: ConfigService, storage: MediaStorage) => {
        const { media } = config.getOrThrow<AppConfig>('app');
        if (storage instanceof DiskStorage) return null;
        const cache = new MediaCache(storage, {
          dir: media.cacheDir,
          maxBytes: media.cacheMaxBytes,
          memoryMaxBytes: media.cacheMemoryMaxBytes,
          recheckMs: media.cacheRecheckMs,
        });
        await cache.open();
        return cache;
      },
    },
  ],
  exports: [
    MediaService,
    MediaLibraryService,
    EditorImagesService,
    OrphanMediaService,
    MulterModule,
    MEDIA_STORAGE,
    MediaCache,
  ],
})
export class MediaModule {}

/**
 * `/uploads/{name}`: the files themselves (disk) or this instance's copies of them (GridFS),
 * by one static server either way, so the headers are the same: content-hashed names are
 * cached for a year, with ETag, Last-Modified and Range, and UPLOAD_HEADERS. Only media
 * names (WebP images) are served: anything else is a 404, even if such a file lies in the
 * folder (put there by hand, or by an older restore). An on-demand variant (960 px) is made
 * on its first request, before the file server looks for it.
 */
export function serveUploads(app: NestExpressApplication): void {
  app.use(`${UPLOADS_PATH}/`, (request: Request, _response: Response, next: NextFunction) => {
    if (MEDIA_NAME.test(request.path.slice(1))) return next();
    next(Object.assign(new Error('Not Found'), { status: 404, statusCode: 404, expose: true }));
  });
  const media = app.get(MediaService);
  app.use(`${UPLOADS_PATH}/`, (request: Request, _response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    media.ensureOnDemandVariant(request.path.slice(1)).then(() => next(), next);
  });
  const cache = app.get<MediaCache | null>(MediaCache, { strict: false });
  if (cache) app.use(`${UPLOADS_PATH}/`, cache.prepare);
  const files = cache ?? app.get<DiskStorage>(MEDIA_STORAGE, { strict: false });
  app.useStaticAssets(files.dir, {
    prefix: `${UPLOADS_PATH}/`,
    immutable: true,
    maxAge: '365d',
    index: false,
    dotfiles: 'deny',
    fallthrough: false,
    setHeaders: (response: Response) => {
      for (const [header, value] of UPLOAD_HEADERS) response.setHeader(header, value);
    },
  });
}
