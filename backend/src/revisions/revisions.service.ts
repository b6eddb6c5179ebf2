import { Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import mongoose, { type Connection, type HydratedDocument, type Model } from 'mongoose';
import { noteChangedFields } from '../audit/audit-note';
import { currentActor } from '../common/actor/actor';
import { Clock } from '../common/clock/clock';
import { slugTaken } from '../common/slug/slug';
import { mentionedMediaIds, storedImagesIn } from '../media/media-references';
import { MediaService } from '../media/media.service';
import { TrashService } from '../trash/trash.service';
import { DomainEventsService } from '../webhooks/domain-events.service';
import type { RevisionResponse, FieldChange } from './dto/revision.response';
import { NOT_COMPARED, NOT_RESTORED, RevisedKinds, type RevisedKind } from './revision-kinds';
import { Revision } from './schemas/revision.schema';

/** Each item keeps this many earlier versions; older ones go, with images nothing else shows. */
export const REVISIONS_KEPT = 50;

type Stored = Record<string, unknown> & { _id: unknown };
type StoredRevision = Revision & { _id: unknown };

/** A document as plain stored fields, whether it comes hydrated or lean. */
function plain(document: object): Stored {
  const hydrated = document as Partial<HydratedDocument<unknown>>;
  return (
    typeof hydrated.toObject === 'function' ? hydrated.toObject({ depopulate: true }) : document
  ) as Stored;
}

/** Values compared as the API shows them: dates as ISO strings, ids as hex. */
function shown(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/**
 * Whether two values (as `shown` gives them) say the same: records compared field by field
 * in any order, a field left out the same as one set to null. An offer saved with
 * `startsAt: null` is the offer stored without it, so sending a list back unchanged is no
 * change (and the audit log does not name it).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a ?? null) === (b ?? null);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  const [from, to] = [a as Record<string, unknown>, b as Record<string, unknown>];
  return [...new Set([...Object.keys(from), ...Object.keys(to)])].every((key) =>
    sameValue(from[key], to[key]),
  );
}

/** The fields whose values differ between two versions, with both values. */
export function differences(before: Stored, after: Stored): FieldChange[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (NOT_COMPARED.has(field)) continue;
    const [from, to] = [shown(before[field]), shown(after[field])];
    if (!sameValue(from, to)) {
      changes.push({ field, before: from, after: to });
    }
  }
  return changes;
}

/**
 * The history of products, services, reviews and the site settings: every update keeps the
 * version it replaced (the last REVISIONS_KEPT per item), any of which can be brought back,
 * which is itself an update and so kept too. The images of kept versions stay stored.
 */
@Injectable()
export class RevisionsService implements OnModuleInit {
  private readonly kinds = new RevisedKinds();

  constructor(
    @InjectModel(Revision.name) private readonly revisions: Model<Revision>,
    @InjectConnection() private readonly connection: Connection,
    private readonly media: MediaService,
    private readonly trash: TrashService,
    private readonly clock: Clock,
    private readonly events: DomainEventsService,
  ) {}

  onModuleInit() {
    this.media.addKeeper({
      keeps: async (mediaId) => (await this.revisions.exists({ mediaIds: mediaId })) !== null,
    });
    // An item deleted for good takes its history, and the images only that showed, with it.
    this.trash.onPurge(async (type, itemId) => {
      const kind = this.kinds.ofTrashType(type);
      if (kind) await this.forget(kind, itemId);
    });
  }

  /** For each module whose items keep a history, in its onModuleInit: what they are. */
  register(kind: RevisedKind): void {
    this.kinds.add(kind);
  }

  /**
   * Keeps `before`, the version an update of the item replaced, if the update changed
   * anything. Call it after the save and before removing any file the save let go of.
   */
  async record(
    before: object,
    after: object,
    collection: string,
    restoredFrom: unknown = null,
  ): Promise<void> {
    const kind = this.kinds.ofCollection(collection);
    const replaced = plain(before);
    const changes = differences(replaced, plain(after));
    noteChangedFields(changes.map((change) => change.field));
    if (changes.length === 0) return;
    await this.revisions.create({
      entity: kind.entity,
      itemId: replaced._id,
      document: replaced,
      mediaIds: mentionedMediaIds(replaced),
      by: currentActor() ?? null,
      at: this.clock.now(),
      restoredFrom,
    });
    await this.prune(kind, replaced._id, plain(after));
  }

  /** The item's history, newest first: who changed which fields, from what to what. */
  async list(entity: string, itemId?: string): Promise<RevisionResponse[]> {
    const kind = this.kinds.ofEntity(entity);
    // One document nobody has read or saved yet (new settings) has no history.
    if (kind.single && !(await this.modelOf(kind).exists(kind.single))) return [];
    const live = await this.live(kind, itemId);
    const revisions = await this.revisions
      .find({ entity, itemId: live._id })
      .sort({ at: -1, _id: -1 })
      .limit(REVISIONS_KEPT)
      .lean<StoredRevision[]>()
      .exec();
    let next = live;
    return revisions.map((revision) => {
      const changes = differences(revision.document as Stored, next);
      next = revision.document as Stored;
      return {
        _id: String(revision._id),
        at: revision.at,
        by: revision.by,
        restoredFrom: revision.restoredFrom ? String(revision.restoredFrom) : null,
        changes,
      };
    });
  }

  /**
   * Brings back the version a revision kept. It is an update like any other: the version
   * it replaces is kept in turn. A slug that another item has taken since (as its address
   * now or before) stays with it, and the item keeps its current slug.
   */
  async restore(entity: string, revisionId: string, itemId?: string) {
    const kind = this.kinds.ofEntity(entity);
    const model = this.modelOf(kind);
    const current = await this.live(kind, itemId);
    const revision = await this.revisions
      .findOne({ _id: revisionId, entity, itemId: current._id })
      .lean<StoredRevision>()
      .exec();
    if (!revision) {
      throw new NotFoundException(`This ${kind.label.toLowerCase()} has no such earlier version`);
    }
    const fields = Object.fromEntries(
      Object.entries(revision.document).filter(([field]) => !NOT_RESTORED.has(field)),
    );
    if (
      typeof fields.slug === 'string' &&
      fields.slug !== current.slug &&
      (await slugTaken(model, fields.slug, String(current._id)))
    ) {
      delete fields.slug;
    }
    const doc = await model.findById(current._id).orFail().exec();
    const before = plain(doc);
    doc.set(fields);
    await doc.save();
    await this.record(before, doc, kind.collection, revision._id);
    await this.events.updated(kind.entity, before, plain(doc));
    return doc;
  }

  /** Drops the item's history and releases the images only it still held. */
  private async forget(kind: RevisedKind, itemId: string): Promise<void> {
    const filter = { entity: kind.entity, itemId: new mongoose.Types.ObjectId(itemId) };
    const revisions = await this.revisions.find(filter).lean<StoredRevision[]>().exec();
    await this.revisions.deleteMany(filter).exec();
    await this.release(revisions, []);
  }

  /** Keeps the newest REVISIONS_KEPT versions of the item. */
  private async prune(kind: RevisedKind, itemId: unknown, live: Stored): Promise<void> {
    const old = await this.revisions
      .find({ entity: kind.entity, itemId })
      .sort({ at: -1, _id: -1 })
      .skip(REVISIONS_KEPT)
      .lean<StoredRevision[]>()
      .exec();
    if (old.length === 0) return;
    await this.revisions
      .deleteMany({ _id: mongoose.trusted({ $in: old.map((revision) => revision._id) }) })
      .exec();
    await this.release(old, mentionedMediaIds(live));
  }

  /** Removes the images of dropped versions unless the item shows them or a keeper needs them. */
  private async release(dropped: StoredRevision[], shownNow: string[]): Promise<void> {
    const inUse = new Set(shownNow);
    const images = dropped.flatMap((revision) => storedImagesIn(revision.document));
    const seen = new Set<string>();
    for (const image of images) {
      if (inUse.has(image.id) || seen.has(image.id)) continue;
      seen.add(image.id);
      await this.media.removeImage(image);
    }
  }

  /** The item as stored now; settings have one document, found by their kind's `single`. */
  private async live(kind: RevisedKind, itemId?: string): Promise<Stored> {
    const filter = itemId === undefined ? kind.single : { _id: itemId };
    const found = filter && (await this.modelOf(kind).findOne(filter).lean<Stored>().exec());
    if (!found) throw new NotFoundException(`${kind.label} not found`);
    return found;
  }

  private modelOf(kind: RevisedKind): Model<Record<string, unknown>> {
    return this.connection.model<Record<string, unknown>>(kind.model);
  }
}
