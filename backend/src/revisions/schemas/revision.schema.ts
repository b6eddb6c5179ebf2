import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import type { Actor } from '../../common/actor/actor';

export type RevisionDocument = HydratedDocument<Revision>;

/**
 * One update of a product, service, review or the site settings: the version it replaced,
 * whole, and who replaced it when. What changed is worked out when the history is read, by
 * comparing each version with the one after it, so there is one record of each version.
 */
@Schema({ collection: 'revisions', versionKey: false, minimize: false })
export class Revision {
  /** The kind of item, as its module registered it (RevisedKind.entity): 'product'… */
  @Prop({ type: String, required: true })
  entity: string;

  @Prop({ type: Object, required: true })
  itemId: unknown;

  /** The version this update replaced, as it was stored. */
  @Prop({ type: Object, required: true })
  document: Record<string, unknown>;

  /** Ids of the images that version shows: they stay stored while it is kept. */
  @Prop({ type: [String], default: [], index: true })
  mediaIds: string[];

  @Prop({ type: Object, default: null })
  by: Actor | null;

  @Prop({ required: true })
  at: Date;

  /** When this update was a restore: the revision whose version it brought back. */
  @Prop({ type: Object, default: null })
  restoredFrom: unknown;
}

export const RevisionSchema = SchemaFactory.createForClass(Revision);
RevisionSchema.index({ entity: 1, itemId: 1, at: -1 });
