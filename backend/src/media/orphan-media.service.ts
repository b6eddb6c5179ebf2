import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { PeriodicJob } from '../jobs/periodic-job.decorator';
import { MediaClaims } from './media-claims';
import { UNFINISHED_WRITE_MS, usedMediaIds } from './media-references';
import { MediaService } from './media.service';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';

/** Files younger than this are never orphans: their save may not have happened yet. */
export const ORPHAN_MIN_AGE_MS = UNFINISHED_WRITE_MS;
/**
 * Only our own image files: `<20 hex digits>-<width>.webp` and the link-preview crop
 * `<20 hex digits>-og.jpg`. Anything else is not ours.
 */
const IMAGE_FILE = /^([0-9a-f]{20})-(?:\d+\.webp|og\.jpg)$/;
const BATCH = 500;

/**
 * Removes images that nothing refers to, such as the variants a crash (kill -9, power loss)
 * left between storing an upload and saving its record. An image is an orphan only if all
 * of its files are over an hour old, no content document mentions it (media_references,
 * recorded at every write; a note a crash left for a document never written counts for
 * nothing once it is an hour old), no save in progress claims it (MediaClaims, on any instance),
 * no keeper holds it (the trash, revisions), and it is not a rich-text upload, which
 * EditorImagesService looks after. Files with other names are never touched.
 */
@Injectable()
export class OrphanMediaService {
  private readonly logger = new Logger('OrphanMedia');

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @InjectConnection() private readonly connection: Connection,
    private readonly media: MediaService,
    private readonly claims: MediaClaims,
  ) {}

  /** Removes the orphaned images; gives how many went. `now` sets how old files look. */
  @PeriodicJob('orphan-media-sweep', { every: '6h', runAtStart: true })
  async sweep(now = Date.now()): Promise<number> {
    const files = new Map<string, string[]>();
    const young = new Set<string>();
    for await (const file of this.storage.list()) {
      const id = IMAGE_FILE.exec(file.name)?.[1];
      if (!id) continue;
      files.set(id, [...(files.get(id) ?? []), file.name]);
      if (file.storedAt.getTime() > now - ORPHAN_MIN_AGE_MS) young.add(id);
    }
    const candidates = [...files.keys()].filter((id) => !young.has(id));
    let removed = 0;
    for (let start = 0; start < candidates.length; start += BATCH) {
      const batch = candidates.slice(start, start + BATCH);
      // Claims first: a save records what its document mentions before it lets go of its
      // claim, so an image is seen under one or the other, never between them.
      const claimed = await this.claims.claimed(batch);
      const [mentioned, editorUploads] = await Promise.all([
        usedMediaIds(this.connection, batch, now),
        this.collection<{ mediaId: string }>('editor_uploads').distinct('mediaId', {
          mediaId: { $in: batch },
        }),
      ]);
      const spared = new Set<string>([...claimed, ...mentioned, ...editorUploads]);
      for (const id of batch) {
        if (spared.has(id) || (await this.media.isKept(id))) continue;
        await this.media.removeFiles(files.get(id) ?? []);
        removed += 1;
      }
    }
    await this.claims.forgetExpired();
    if (removed) this.logger.log(`Removed ${removed} image(s) that nothing refers to`);
    return removed;
  }

  private collection<T extends object>(name: string) {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db.collection<T>(name);
  }
}
