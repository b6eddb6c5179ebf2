import type { TranslatableShape } from './translations';

/** A kind of item with texts per language, for a change of the default language. */
export interface TranslatedKind {
  /** The collection its items live in. */
  collection: string;
  /** "project", for messages. */
  label: string;
  shape: TranslatableShape;
  /** The entity its revisions are kept under, if it keeps any. */
  revisions?: string;
  /** The type its deleted items have in the trash, if they go there. */
  trashType?: string;
}

/**
 * The kinds whose texts a change of the default language rewrites. Each module registers
 * its own at start, as it does with the revisions and the trash: the settings, which make
 * the change, import none of them.
 */
export class TranslatedKinds {
  private readonly byCollection = new Map<string, TranslatedKind>();

  add(kind: TranslatedKind): void {
    if (this.byCollection.has(kind.collection)) {
      throw new Error(`Two translated kinds live in ${kind.collection}`);
    }
    this.byCollection.set(kind.collection, kind);
  }

  all(): TranslatedKind[] {
    return [...this.byCollection.values()];
  }
}
