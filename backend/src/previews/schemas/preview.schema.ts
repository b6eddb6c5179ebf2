import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose from 'mongoose';

export type PreviewType = 'product' | 'service';

/**
 * Unsaved content an editor asked to see as visitors would: kept for the few minutes its
 * link lives, for that editor only. The item itself is not touched.
 */
@Schema({ collection: 'previews', versionKey: false })
export class Preview {
  @Prop({ type: String, required: true, enum: ['product', 'service'] })
  type: PreviewType;

  /** The item being edited; null while it is being added. */
  @Prop({ type: mongoose.Schema.Types.ObjectId, default: null })
  itemId: mongoose.Types.ObjectId | null;

  /** The editor who may open it. */
  @Prop({ required: true })
  userId: string;

  /** The form's fields as validated and sanitised like a save, over the stored item's. */
  @Prop({ type: Object, required: true })
  fields: Record<string, unknown>;

  @Prop({ required: true })
  expiresAt: Date;
}

export const PreviewSchema = SchemaFactory.createForClass(Preview);
// The database lets them go some time after their link has expired (the link is refused first).
PreviewSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
