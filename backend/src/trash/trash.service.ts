import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { TrashType } from '@vitrine/contracts';
import mongoose, { type Connection, type Model } from 'mongoose';
import { noteItemName } from '../audit/audit-note';
import { currentActor } from '../common/actor/actor';
import { Clock } from '../common/clock/clock';
import { listQuery, type Page } from '../common/http/list-query';
import type { AppConfig } from '../config/app.config';
import { PeriodicJob } from '../jobs/periodic-job.decorator';
import { mentionedMediaIds, storedImagesIn } from '../media/media-references';
import { MediaService } from '../media/media.service';
import type { Media } from '../media/media.types';
import { DomainEventsService } from '../webhooks/domain-events.service';
import type { QueryTrashDto } from './dto/query-trash.dto';
import type { RestoredItemResponse, TrashEntryResponse } from './dto/trash-entry.response';
import { TrashEntry } from './schemas/trash-entry.schema';
import { TrashKinds, type TrashKind } from './trash-kinds';

const DAY_MS = 24 * 60 * 60 * 1000;

type StoredDocument = Record<string, unknown> & { _id: unknown };

/** Told when an item leaves the trash for good (its revisions go with it). */
export type PurgeListener = (type: TrashType, itemId: string) => Promise<void>;
/** Told when an item of its type is back (the gallery puts it back in its place). */
export type RestoreListener = (itemId: string, document: Record<string, unknown>) => Promise<void>;

/**
 * Deleting a product, service, review, gallery image or user moves it here, whole, with
 * its images kept; it can be restored as it was (same `_id`, slug, published state) or
 * deleted for good, which happens by itself after TRASH_DAYS.
 */
@Injectable()
export class TrashService implements OnModuleInit {
  private readonly logger = new Logger('Trash');
  private readonly kinds = new TrashKinds();
  private readonly purgeListeners: PurgeListener[] = [];
  private readonly restoreListeners = new Map<TrashType, RestoreListener>();

  constructor(
    @InjectModel(TrashEntry.name) private readonly entries: Model<TrashEntry>,
    @InjectConnection() private readonly connection: Connection,
    private readonly media: MediaService,
    private readonly config: ConfigService,
    private readonly clock: Clock,
    private readonly events: DomainEventsService,
  ) {}

  onModuleInit() {
    this.media.addKeeper({
      keeps: async (mediaId) => (await this.entries.exists({ mediaIds: mediaId })) !== null,
    });
  }

  /** For each module whose items can be deleted, in its onModuleInit: what they are. */
  register(kind: TrashKind): void {
    this.kinds.add(kind);
  }

  /** For the revisions: an item deleted for good takes its history with it. */
  onPurge(listener: PurgeListener): void {
    this.purgeListeners.push(listener);
  }

  /** For the modules whose items need more than their document back. */
  onRestore(type: TrashType, listener: RestoreListener): void {
    this.restoreListeners.set(type, listener);
  }

  /**
   * Moves an item to the trash. Its stored document is copied in first and only then
   * leaves its collection, so a crash in between leaves it in both places, never in
   * neither. It leaves only if unchanged since it was copied: an edit saved in between is
   * taken along on the next attempt, not lost.
   */
  async discard(doc: { _id: unknown; collection: { collectionName: string } }): Promise<void> {
    const kind = this.kinds.ofCollection(doc.collection.collectionName);
    const model = this.modelOf(kind);
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await model.collection.findOne<StoredDocument>({ _id: doc._id as never });
      if (!stored) return;
      noteItemName(kind.name(stored));
      const entry = await this.entries.create({
        type: kind.type,
        itemId: stored._id,
        name: kind.name(stored),
        document: stored,
        mediaIds: mentionedMediaIds(stored),
        deletedBy: currentActor() ?? null,
        deletedAt: this.clock.now(),
      });
      let deleted = 0;
      try {
        ({ deletedCount: deleted } = await model.deleteOne(sameVersion(stored)).exec());
      } finally {
        if (deleted !== 1) await this.entries.deleteOne({ _id: entry._id }).exec();
      }
      if (deleted === 1) {
        await this.events.deleted(kind.type, stored);
        return;
      }
    }
    throw new ConflictException(
      `The ${kind.label.toLowerCase()} kept changing while it was being deleted; please try again`,
    );
  }

  async list(query: QueryTrashDto): Promise<Page<TrashEntryResponse>> {
    const { filter, sort, skip, limit } = listQuery<TrashEntry>(query, {
      sortable: ['deletedAt', 'name', 'type'],
      searchable: ['name'],
      defaultSort: '-deletedAt',
    });
    const visible = { ...filter, ...(query.type ? { type: query.type } : {}) };
    const [entries, total] = await Promise.all([
      this.entries
        .find(visible)
        .sort(sort)
        .skip(skip)
        .limit(limit)
        .lean<(TrashEntry & { _id: unknown })[]>()
        .exec(),
      this.entries.countDocuments(visible).exec(),
    ]);
    return { items: entries.map((entry) => this.describe(entry)), total };
  }

  /**
   * Puts the item back as it was. A live item that has taken its user name, e-mail or slug
   * meanwhile makes it a 409 naming the field, and nothing changes.
   */
  async restore(trashId: string): Promise<RestoredItemResponse> {
    const entry = await this.entries.findById(trashId).lean<TrashEntry & { _id: unknown }>().exec();
    if (!entry) throw new NotFoundException('This item is no longer in the trash');
    const kind = this.kinds.ofType(entry.type);
    const model = this.modelOf(kind);
    await this.assertNoClash(kind, model, entry.document);
    let document = kind.revive?.(entry.document) ?? entry.document;
    if (kind.keepsSlugHistory) document = await this.withoutSlugsTaken(model, document);
    try {
      // timestamps: false keeps its createdAt and updatedAt: it comes back, it is not new.
      await new model(document).save({ timestamps: false });
    } catch (error) {
      throw this.clash(kind, error) ?? error;
    }
    if (kind.keepsSlugHistory) {
      // Its address is its own again: an item that had it before no longer claims it.
      await model
        .updateMany(
          { _id: mongoose.trusted({ $ne: entry.itemId }), slugHistory: document.slug },
          { $pull: { slugHistory: document.slug } },
        )
        .exec();
    }
    await this.entries.deleteOne({ _id: entry._id }).exec();
    await this.restoreListeners.get(entry.type)?.(String(entry.itemId), entry.document);
    await this.events.restored(entry.type, document);
    return { type: entry.type, _id: String(entry.itemId), name: entry.name };
  }

  /** Deletes an item for good: its trash entry, its history, then its images. */
  async destroy(trashId: string): Promise<void> {
    const entry = await this.entries
      .findOneAndDelete({ _id: trashId })
      .lean<TrashEntry & { _id: unknown }>()
      .exec();
    if (!entry) throw new NotFoundException('This item is no longer in the trash');
    noteItemName(entry.name);
    for (const listener of this.purgeListeners) {
      await listener(entry.type, String(entry.itemId));
    }
    await Promise.all(storedImagesIn(entry.document).map((image) => this.media.removeImage(image)));
  }

  /**
   * Deletes for good what has been in the trash longer than TRASH_DAYS; gives how many.
   * Hourly rather than daily, so an item goes within the hour its time is up, and an API
   * that restarts often still purges (a run at start catches up).
   */
  @PeriodicJob('trash-purge', { every: '1h', runAtStart: true })
  async purge(now = this.clock.now()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.trashDays() * DAY_MS);
    const due = await this.entries
      .find({ deletedAt: mongoose.trusted({ $lte: cutoff }) })
      .select('_id')
      .lean<{ _id: unknown }[]>()
      .exec();
    let purged = 0;
    for (const { _id } of due) {
      try {
        await this.destroy(String(_id));
        purged += 1;
      } catch (error) {
        // Restored or deleted by hand since it was listed: nothing left to purge.
        if (!(error instanceof NotFoundException)) throw error;
      }
    }
    if (purged) this.logger.log(`Deleted ${purged} item(s) that were in the trash for good`);
    return purged;
  }

  private describe(entry: TrashEntry & { _id: unknown }): TrashEntryResponse {
    const [image] = storedImagesIn(entry.document) as (Media | undefined)[];
    return {
      _id: String(entry._id),
      type: entry.type,
      itemId: String(entry.itemId),
      name: entry.name,
      deletedBy: entry.deletedBy,
      deletedAt: entry.deletedAt,
      purgeAt: new Date(entry.deletedAt.getTime() + this.trashDays() * DAY_MS),
      image: image ?? null,
    };
  }

  private async assertNoClash(
    kind: TrashKind,
    model: Model<Record<string, unknown>>,
    document: Record<string, unknown>,
  ): Promise<void> {
    const errors: Record<string, string> = {};
    for (const [key, { field, message }] of Object.entries(kind.unique)) {
      const value = document[key];
      if (value === undefined || value === null) continue;
      if (await model.exists({ [key]: value }).exec()) errors[field] = message;
    }
    if (Object.keys(errors).length) {
      throw new ConflictException({ message: Object.values(errors).join('; '), errors });
    }
  }

  /**
   * The document without the earlier slugs that live items have taken since it left (as
   * their address, now or before): those links stay with the items that hold them.
   */
  private async withoutSlugsTaken(
    model: Model<Record<string, unknown>>,
    document: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const history = Array.isArray(document.slugHistory) ? (document.slugHistory as string[]) : [];
    if (history.length === 0) return document;
    const holders = await model
      .find({
        $or: [
          { slug: mongoose.trusted({ $in: history }) },
          { slugHistory: mongoose.trusted({ $in: history }) },
        ],
      })
      .select({ slug: 1, slugHistory: 1 })
      .lean<{ slug: string; slugHistory?: string[] }[]>()
      .exec();
    const taken = new Set(holders.flatMap((doc) => [doc.slug, ...(doc.slugHistory ?? [])]));
    return { ...document, slugHistory: history.filter((slug) => !taken.has(slug)) };
  }

  /** A duplicate key met while writing (a race the check above lost), as a 409. */
  private clash(kind: TrashKind, error: unknown): ConflictException | undefined {
    const duplicate = error as { code?: unknown; keyPattern?: Record<string, unknown> };
    if (duplicate?.code !== 11000) return undefined;
    const key = Object.keys(duplicate.keyPattern ?? {})[0];
    if (key === '_id') {
      return new ConflictException(`This ${kind.label.toLowerCase()} is already back in its list`);
    }
    const unique = kind.unique[key];
    const field = unique?.field ?? key;
    const message = unique?.message ?? `Another item now has this ${field}`;
    return new ConflictException({ message, errors: { [field]: message } });
  }

  private modelOf(kind: TrashKind): Model<Record<string, unknown>> {
    return this.connection.model<Record<string, unknown>>(kind.model);
  }

  private trashDays(): number {
    return this.config.getOrThrow<AppConfig>('app').trashDays;
  }
}

/** The document as it was read: `updatedAt` tells whether anything saved it since. */
function sameVersion(stored: StoredDocument): Record<string, unknown> {
  return stored.updatedAt instanceof Date
    ? { _id: stored._id, updatedAt: stored.updatedAt }
    : { _id: stored._id };
}
