import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ApiTokenRights } from '@vitrine/contracts';
import mongoose, { type HydratedDocument } from 'mongoose';

export type ApiTokenDocument = HydratedDocument<ApiToken>;

/**
 * An API token. Its secret is never stored: only its SHA-256 (the secret is 32 random bytes,
 * so a fast hash is enough: nothing to guess, nothing to stretch) and its first characters,
 * for people to tell tokens apart. Revoking deletes the record.
 */
@Schema({ collection: 'api_tokens', timestamps: true })
export class ApiToken {
  @Prop({ required: true, trim: true })
  name: string;

  /** Lower-cased name: names are unique, ignoring case. */
  @Prop({ required: true, unique: true })
  nameKey: string;

  /** `vit_AbCd`: the secret's first characters, shown in lists. */
  @Prop({ required: true })
  prefix: string;

  /** SHA-256 of the secret, hex: what a request's token is looked up by. */
  @Prop({ required: true, unique: true, select: false })
  secretHash: string;

  /** 'read-only', 'full', or the rights per entity, as given at creation. */
  @Prop({ type: mongoose.Schema.Types.Mixed, required: true })
  rights: ApiTokenRights;

  /** The lifetime it was given (null: none), which a renewal gives it again. */
  @Prop({ type: Number, default: null })
  lifetimeDays: number | null;

  @Prop({ type: Date, default: null })
  expiresAt: Date | null;

  /** Updated at most about once a minute (TokensService.touch). */
  @Prop({ type: Date, default: null })
  lastUsedAt: Date | null;

  /** IP addresses and CIDR ranges the token may be used from; empty: anywhere. */
  @Prop({ type: [String], default: [] })
  allowedAddresses: string[];

  /** Requests a minute; null: API_TOKEN_RATE_LIMIT. */
  @Prop({ type: Number, default: null })
  rateLimitPerMinute: number | null;

  @Prop({ type: { id: String, UserName: String, _id: false }, required: true })
  createdBy: { id: string; UserName: string };

  createdAt: Date;
  updatedAt: Date;
}

export const ApiTokenSchema = SchemaFactory.createForClass(ApiToken);
