import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { MediaItem } from '../media/library/media-item.schema';
import { isTracked, storedImagesIn } from '../media/media-references';
import type { Media } from '../media/media.types';
import { MEDIA_STORAGE, type MediaStorage } from '../media/storage/media-storage';
import { uploadedReviewPhotoAlt } from '../reviews/schemas/review.schema';

/** Content whose one image becomes its first photo, with the item's name as alt text. */
const WITH_PHOTOS: Record<string, string> = { products: 'ProductName', services: 'ServiceName' };

export interface MediaLibraryMigrationReport {
  /** Library items made for images that had none. */
  items: number;
  /** Products and services given their image as the first of their photos, reviews theirs. */
  photos: number;
}

/**
 * Brings a database written before the media library into it: every image content holds
 * and every rich-text upload becomes a library item (alt text from the gallery, the photo
 * or the item's name), and products and services saved with one image get it as their
 * first photo, and reviews their images as photos ("Photo from <client>"). Idempotent: what
 * is already there is left alone, so it runs at every start once (StartupService) and again
 * safely. It knows the entities' collections and fields, so it belongs to start-up, above
 * them, rather than to media/, which they all import.
 */
@Injectable()
export class MediaLibraryMigration {
  private readonly logger = new Logger('MediaLibrary');

  constructor(
    @InjectModel(MediaItem.name) private readonly items: Model<MediaItem>,
    @InjectConnection() private readonly connection: Connection,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async migrate(): Promise<MediaLibraryMigrationReport> {
    const report: MediaLibraryMigrationReport = { items: 0, photos: 0 };
    for (const model of Object.values(this.connection.models)) {
      if (!isTracked(model as Model<unknown>)) continue;
      const collection = model.collection.collectionName;
      for await (const document of model.collection.find({})) {
        const name = WITH_PHOTOS[collection];
        if (name && !Array.isArray(document.photos) && document.media?.id) {
          const alt = String(document[name] ?? '');
          await model.collection.updateOne(
            { _id: document._id, photos: { $exists: false } },
            { $set: { photos: [{ mediaId: document.media.id, alt, media: document.media }] } },
          );
          document.photos = [{ mediaId: document.media.id, alt, media: document.media }];
          report.photos += 1;
        }
        if (collection === 'reviews' && !Array.isArray(document.photos)) {
          const alt = uploadedReviewPhotoAlt(String(document.ClientName ?? ''));
          const photos = ((document.media as Media[] | undefined) ?? []).map((media) => ({
            mediaId: media.id,
            alt,
            media,
          }));
          await model.collection.updateOne(
            { _id: document._id, photos: { $exists: false } },
            { $set: { photos } },
          );
          document.photos = photos;
          report.photos += 1;
        }
        for (const media of storedImagesIn(document)) {
          if (await this.add(media, altIn(document, media.id), document.createdAt)) {
            report.items += 1;
          }
        }
      }
    }
    report.items += await this.addEditorUploads();
    if (report.items || report.photos) {
      this.logger.log(
        `Brought ${report.items} image(s) into the media library, and gave ${report.photos} item(s) their image as a photo`,
      );
    }
    return report;
  }

  /** Rich-text uploads kept only their file names: their variants are read from them. */
  private async addEditorUploads(): Promise<number> {
    let added = 0;
    const uploads = this.connection.collection('editor_uploads').find({});
    for await (const upload of uploads) {
      const files = (upload.files as string[]) ?? [];
      const variants = files
        .map((name) => ({ width: Number(/-(\d+)\.\w+$/.exec(name)?.[1] ?? 0), name }))
        .sort((a, b) => a.width - b.width)
        .map(({ width, name }) => ({ width, url: this.storage.url(name) }));
      if (variants.length === 0) continue;
      const largest = variants[variants.length - 1].width;
      const media: Media = {
        id: String(upload.mediaId),
        variants,
        width: largest,
        height: 0,
        placeholder: '',
      };
      if (await this.add(media, '', upload.createdAt)) added += 1;
    }
    return added;
  }

  /** Adds an item unless the image has one; tells whether it did. */
  private async add(media: Media, alt: string, createdAt: unknown): Promise<boolean> {
    const result = await this.items.collection.updateOne(
      { _id: media.id as never },
      {
        $setOnInsert: {
          media,
          alt,
          caption: '',
          pinned: false,
          createdAt: createdAt instanceof Date ? createdAt : new Date(),
          updatedAt: new Date(),
        },
      },
      { upsert: true },
    );
    return result.upsertedCount === 1;
  }
}

/** The alt text a document gives an image: a photo's, the gallery's, or none. */
function altIn(document: Record<string, unknown>, mediaId: string): string {
  const photos = document.photos as { mediaId: string; alt?: string }[] | undefined;
  const photo = photos?.find((one) => one.mediaId === mediaId);
  if (photo?.alt) return photo.alt;
  if (typeof document.alt === 'string') return document.alt;
  return '';
}
