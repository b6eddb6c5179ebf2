import type { Type } from '@nestjs/common';
import { Prop, SchemaFactory } from '@nestjs/mongoose';
import { changesPublicContent } from '../cache/content-version';
import type { Photo } from '../media/library/media-library.service';
import { recordsMediaReferences } from '../media/media-references';
import type { Media } from '../media/media.types';
import { fieldRules, type ContentKind, type StoredContentOf } from './content-fields';
import { placed } from './placement';
import { keepsSlugHistory } from '../common/slug/slug';

/**
 * The stored fields of a kind (content-fields.ts), for its `@Schema` class to extend. The
 * kind's own fields are declared on a class of their own first, so that they come before
 * the common ones, as in every document stored so far.
 */
export function StoredContent<Prefix extends string, More extends string>(
  kind: ContentKind<Prefix, More>,
): Type<StoredContentOf<Prefix, More>> {
  class KindFields {}
  for (const { name, stored } of fieldRules(kind)) {
    Prop({ ...stored })(KindFields.prototype, name);
  }
  class StoredContentFields extends KindFields {
    @Prop({ type: Object, default: null })
    media: Media | null;

    @Prop({ type: [Object], default: undefined })
    photos?: Photo[];

    @Prop({ required: true, unique: true })
    slug: string;

    @Prop({ type: [String], default: [], index: true })
    slugHistory: string[];

    @Prop({ default: true, index: true })
    published: boolean;

    /** `{ hi: { ProductName, …, slug, slugHistory } }`: see translatableOf. */
    @Prop({ type: Object, default: undefined })
    translations?: Record<string, Record<string, unknown>>;
  }
  return StoredContentFields as unknown as Type<StoredContentOf<Prefix, More>>;
}

/** The schema of a kind's `@Schema` class, with what every schema of published content does. */
export function contentSchema<T>(record: Type<T>) {
  const schema = SchemaFactory.createForClass(record);
  schema.plugin(changesPublicContent);
  schema.plugin(keepsSlugHistory);
  schema.plugin(placed, { scheduled: true });
  schema.plugin(recordsMediaReferences);
  return schema;
}
