import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import type { PreviewType } from './preview.schema';

/** How long an ended link is remembered, so its page can say "expired" or "withdrawn". */
export const SHARE_LINK_REMEMBERED_DAYS = 30;

/**
 * A link an administrator gives a client to see a saved item (a draft, usually) without
 * signing in. Its secret is never stored: only its SHA-256, as for API tokens (32 random
 * bytes leave nothing to guess), so a backup holds no usable link. Revoking keeps the record
 * with `revokedAt`, so the page can say the link was withdrawn rather than never made.
 */
@Schema({ collection: 'share_links', versionKey: false, timestamps: { updatedAt: false } })
export class ShareLink {
  @Prop({ type: String, required: true, enum: ['product', 'service'] })
  kind: PreviewType;

  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  itemId: mongoose.Types.ObjectId;

  /** SHA-256 of the secret, hex: what an opened link is looked up by. */
  @Prop({ required: true, unique: true })
  tokenHash: string;

  /** The secret's first characters, for telling links apart in the list. */
  @Prop({ required: true })
  hint: string;

  /** The administrator who made it. */
  @Prop({ required: true })
  createdBy: string;

  @Prop({ required: true })
  expiresAt: Date;

  @Prop({ type: Date, default: null })
  revokedAt: Date | null;

  createdAt?: Date;
}

export const ShareLinkSchema = SchemaFactory.createForClass(ShareLink);
ShareLinkSchema.index({ kind: 1, itemId: 1 });
// Gone from the database a while after it ended; until then its page says why it ended.
ShareLinkSchema.index(
  { expiresAt: 1 },
  { expireAfterSeconds: SHARE_LINK_REMEMBERED_DAYS * 24 * 3600 },
);
