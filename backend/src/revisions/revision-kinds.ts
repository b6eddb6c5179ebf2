import type { TrashType } from '@vitrine/contracts';

/** What the revisions need to know of a kind of item; its module registers it (RevisionsService). */
export interface RevisedKind {
  /** What its revisions are stored under and its routes name it by: 'product', 'settings'… */
  entity: string;
  /** The mongoose model the item lives in. */
  model: string;
  collection: string;
  /** "Product", for messages. */
  label: string;
  /** The trash type of its items, for those that can be deleted. */
  trashType?: TrashType;
  /** For a kind that is one document (the settings): the filter that finds it, as it has no id. */
  single?: Record<string, unknown>;
}

/** Bookkeeping, not content: never compared, never brought back by a restore. */
export const NOT_RESTORED = new Set([
  '_id',
  'key',
  'createdAt',
  'updatedAt',
  // The hand-made orders and the slug history belong to the list and to old links, not to a version.
  'order',
  'featuredOrder',
  'slugHistory',
]);

/** Also left out of the differences: the image variants, which the image's name field shows. */
export const NOT_COMPARED = new Set([...NOT_RESTORED, 'media']);

/**
 * The kinds of item that keep revisions. Each entity module registers its own at start, so
 * the revisions import no entity: the entities sit above them and call them.
 */
export class RevisedKinds {
  private readonly byEntity = new Map<string, RevisedKind>();

  add(kind: RevisedKind): void {
    if (this.byEntity.has(kind.entity)) {
      throw new Error(`Two revised kinds are named ${kind.entity}`);
    }
    this.byEntity.set(kind.entity, kind);
  }

  ofEntity(entity: string): RevisedKind {
    const kind = this.byEntity.get(entity);
    if (!kind) throw new Error(`No module registered ${entity} for revisions`);
    return kind;
  }

  ofCollection(collection: string): RevisedKind {
    const kind = this.find((candidate) => candidate.collection === collection);
    if (!kind) throw new Error(`Items of ${collection} keep no revisions`);
    return kind;
  }

  /** The kind whose deleted items the trash holds as `type`, if one keeps revisions. */
  ofTrashType(type: TrashType): RevisedKind | undefined {
    return this.find((candidate) => candidate.trashType === type);
  }

  private find(test: (kind: RevisedKind) => boolean): RevisedKind | undefined {
    return [...this.byEntity.values()].find(test);
  }
}
