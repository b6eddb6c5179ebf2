import type { TrashType } from '@vitrine/contracts';

/** A unique index of a live collection, and how to tell an administrator it clashes. */
export interface UniqueKey {
  /** The field the administrator knows, named in the 409's `errors`. */
  field: string;
  message: string;
}

/** What the trash needs to know of a kind of item; its module registers it (TrashService). */
export interface TrashKind {
  type: TrashType;
  /** The mongoose model the item lives in. */
  model: string;
  collection: string;
  /** "Product", for messages. */
  label: string;
  name(document: Record<string, unknown>): string;
  /** Stored key → what a clash on it means. */
  unique: Record<string, UniqueKey>;
  /** The document as it comes back, where that differs from how it went. */
  revive?(document: Record<string, unknown>): Record<string, unknown>;
  /** Items with a `slug` and the `slugHistory` of their earlier ones. */
  keepsSlugHistory?: boolean;
}

/** A stored text field, for `name`: '' when it is missing or not text. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The unique key of items with a slug: another item may have taken it meanwhile. */
export const slugClash = (label: string): Record<string, UniqueKey> => ({
  slug: {
    field: 'slug',
    message: `Another ${label.toLowerCase()} now has this slug: rename that one, or delete it, and restore again`,
  },
});

/**
 * The kinds of item the trash holds. Each entity module registers its own at start, so the
 * trash imports no entity: the entities sit above it and call it, never the other way.
 */
export class TrashKinds {
  private readonly byType = new Map<TrashType, TrashKind>();

  add(kind: TrashKind): void {
    if (this.byType.has(kind.type)) throw new Error(`Two trash kinds are named ${kind.type}`);
    this.byType.set(kind.type, kind);
  }

  ofType(type: TrashType): TrashKind {
    const kind = this.byType.get(type);
    if (!kind) throw new Error(`No module registered items of type ${type} for the trash`);
    return kind;
  }

  ofCollection(collection: string): TrashKind {
    const kind = [...this.byType.values()].find((candidate) => candidate.collection === collection);
    if (!kind) throw new Error(`Items of ${collection} cannot go to the trash`);
    return kind;
  }
}
