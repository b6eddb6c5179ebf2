import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import mongoose, { type Connection, type Model } from 'mongoose';
import { PeriodicJob } from '../jobs/periodic-job.decorator';
import { EditorUpload } from './editor-upload.schema';
import {
  isTracked,
  MEDIA_REFERENCES_COLLECTION,
  recordReferences,
  usedMediaIds,
  type MediaReference,
} from './media-references';
import { MediaService, type UploadedImage } from './media.service';
import type { Media } from './media.types';

/** A form being filled in keeps its uploads this long before they count as abandoned. */
export const EDITOR_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Images for rich-text descriptions: stored like every upload and recorded, so that the
 * ones no content uses are removed later: taken out of a description, left in a form that
 * was never saved, or in the description of a deleted product. Only recorded images are
 * candidates, so files this database does not know about (another deployment's, a restored
 * backup's) are never touched. An image is kept while any content document mentions it
 * (as recorded when the content was written, see media-references.ts), and for a day
 * after it was uploaded.
 */
@Injectable()
export class EditorImagesService {
  private readonly logger = new Logger(EditorImagesService.name);

  constructor(
    @InjectModel(EditorUpload.name) private readonly uploads: Model<EditorUpload>,
    @InjectConnection() private readonly connection: Connection,
    private readonly media: MediaService,
  ) {}

  /** Stores and records an image; if it cannot be recorded, it is not kept either. */
  async store(file: UploadedImage): Promise<Media> {
    return this.media.withStoredImages([file], async ([{ media }]) => {
      await this.uploads.create({ mediaId: media.id, files: this.media.fileNames(media) });
      return media;
    });
  }

  /** Removes the abandoned editor uploads; gives how many images went. */
  @PeriodicJob('rich-text-image-collect', { every: '6h', runAtStart: true })
  async collect(now = Date.now()): Promise<number> {
    const candidates = await this.uploads
      .find({ createdAt: mongoose.trusted({ $lt: new Date(now - EDITOR_UPLOAD_GRACE_MS) }) })
      .exec();
    if (candidates.length === 0) return 0;
    const used = await usedMediaIds(
      this.connection,
      candidates.map((upload) => upload.mediaId),
      now,
    );
    let removed = 0;
    for (const upload of candidates) {
      // Mentioned by content, or by something a keeper holds (a deleted item in the trash).
      if (used.has(upload.mediaId) || (await this.media.isKept(upload.mediaId))) continue;
      // Files first: should this stop half-way, the record stays and the next run retries.
      await this.media.removeFiles(upload.files);
      await this.uploads.deleteOne({ _id: upload._id }).exec();
      removed += 1;
    }
    if (removed) this.logger.log(`Removed ${removed} rich-text image(s) no content uses`);
    return removed;
  }

  /** The index that "which content mentions these images?" reads by. */
  async ensureIndexes(): Promise<void> {
    await this.references().createIndex({ mediaIds: 1 }, { name: 'mediaIds' });
  }

  /**
   * Records what every content document mentions, for a database whose content was written
   * before references were recorded at write time. Start-up runs it once.
   */
  async recordAllReferences(): Promise<number> {
    let recorded = 0;
    for (const model of Object.values(this.connection.models)) {
      if (!isTracked(model as Model<unknown>)) continue;
      for await (const document of model.find().lean()) {
        await recordReferences(model as Model<unknown>, document._id, document);
        recorded += 1;
      }
    }
    return recorded;
  }

  private references() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db.collection<MediaReference>(MEDIA_REFERENCES_COLLECTION);
  }
}
