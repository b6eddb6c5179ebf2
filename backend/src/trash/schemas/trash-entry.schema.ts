import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { TRASH_TYPES, type TrashType } from '@vitrine/contracts';
import type { HydratedDocument } from 'mongoose';
import type { Actor } from '../../common/actor/actor';

export type TrashEntryDocument = HydratedDocument<TrashEntry>;

/**
 * A deleted item: the document exactly as it was stored (hashes and keys included, so a
 * restored user can sign in again), until it is restored or purged. Keeping the snapshot
 * here rather than flagging the live document leaves every query and unique index of the
 * live collections as it was: a deleted item cannot show up anywhere by mistake.
 */
@Schema({ collection: 'trash', versionKey: false, minimize: false })
export class TrashEntry {
  @Prop({ type: String, required: true, enum: TRASH_TYPES, index: true })
  type: TrashType;

  /** The item's own `_id`, which it gets back on restore. */
  @Prop({ type: Object, required: true })
  itemId: unknown;

  /** What the trash screen calls it: the product's name, the user name… */
  @Prop({ required: true })
  name: string;

  @Prop({ type: Object, required: true })
  document: Record<string, unknown>;

  /** Ids of the images the document shows, which stay stored while it is here. */
  @Prop({ type: [String], default: [], index: true })
  mediaIds: string[];

  @Prop({ type: Object, default: null })
  deletedBy: Actor | null;

  @Prop({ required: true, index: true })
  deletedAt: Date;
}

export const TrashEntrySchema = SchemaFactory.createForClass(TrashEntry);
