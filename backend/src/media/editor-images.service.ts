import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import mongoose, { type Connection, type Model } from 'mongoose';
import { EditorUpload } from './editor-upload.schema';
import { MediaService, type UploadedImage } from './media.service';
import type { Media } from './media.types';

/** A form being filled in keeps its uploads this long before they count as abandoned. */
export const EDITOR_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const COLLECT_EVERY_MS = 6 * 60 * 60 * 1000;
/** Collections whose mentions of an image do not keep it: the log of past writes. */
const NOT_CONTENT = new Set(['audit', 'editor_uploads']);

/**
 * Images for rich-text descriptions: stored like every upload and recorded, so that the
 * ones no content uses are removed later: taken out of a description, left in a form that
 * was never saved, or in the description of a deleted product. Only recorded images are
 * candidates, so files this database does not know about (another deployment's, a restored
 * backup's) are never touched. An image is kept while any document mentions its id, and
 * for a day after it was uploaded.
 */
@Injectable()
export class EditorImagesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EditorImagesService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectModel(EditorUpload.name) private readonly uploads: Model<EditorUpload>,
    @InjectConnection() private readonly connection: Connection,
    private readonly media: MediaService,
  ) {}

  /** Stores and records an image; if it cannot be recorded, it is not kept either. */
  async store(file: UploadedImage): Promise<Media> {
    const { media } = await this.media.storeImage(file);
    try {
      await this.uploads.create({ mediaId: media.id, files: this.media.fileNames(media) });
    } catch (error) {
      await this.media.removeImage(media);
      throw error;
    }
    return media;
  }

  /** Removes the abandoned editor uploads; gives how many images went. */
  async collect(now = Date.now()): Promise<number> {
    const candidates = await this.uploads
      .find({ createdAt: mongoose.trusted({ $lt: new Date(now - EDITOR_UPLOAD_GRACE_MS) }) })
      .exec();
    if (candidates.length === 0) return 0;
    const used = await this.mentionedIn(new Set(candidates.map((upload) => upload.mediaId)));
    let removed = 0;
    for (const upload of candidates) {
      if (used.has(upload.mediaId)) continue;
      // Files first: should this stop half-way, the record stays and the next run retries.
      await this.media.removeFiles(upload.files);
      await this.uploads.deleteOne({ _id: upload._id }).exec();
      removed += 1;
    }
    if (removed) this.logger.log(`Removed ${removed} rich-text image(s) no content uses`);
    return removed;
  }

  /** Which of `ids` any content document mentions, in any field, as any variant. */
  private async mentionedIn(ids: Set<string>): Promise<Set<string>> {
    const mentioned = new Set<string>();
    const db = this.connection.db;
    if (!db) throw new Error('The database is not connected');
    const collections = await db.listCollections({}, { nameOnly: true }).toArray();
    for (const { name } of collections) {
      if (NOT_CONTENT.has(name) || name.startsWith('system.')) continue;
      for await (const document of db.collection(name).find({})) {
        for (const [, id] of JSON.stringify(document).matchAll(/([0-9a-f]{20})-\d+\.webp/g)) {
          if (ids.has(id)) mentioned.add(id);
        }
      }
    }
    return mentioned;
  }

  onApplicationBootstrap() {
    const collect = () =>
      this.collect().catch((error: unknown) =>
        this.logger.error(`Collecting unused rich-text images failed: ${String(error)}`),
      );
    void collect();
    this.timer = setInterval(collect, COLLECT_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy() {
    clearInterval(this.timer);
  }
}
