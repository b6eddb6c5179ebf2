import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** How long a key and its answer are kept: Stripe's 24 hours. */
export const IDEMPOTENCY_KEY_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * One Idempotency-Key a caller sent with a write, and the answer to its first request. While
 * that request runs the record is `running` (a retry is refused with 409); once it answered,
 * `done` with the answer that every retry gets back. MongoDB's TTL monitor removes it a day
 * after the first request, so every API instance sees the same keys, restarts included.
 */
/** Kept answers of writes: left out of backups (see leftOutOfBackups). */
export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

@Schema({ collection: IDEMPOTENCY_COLLECTION, versionKey: false })
export class IdempotencyRecord {
  /** Whose key it is: `user:<id>`, or `address:<client address>` for a visitor. */
  @Prop({ required: true })
  scope: string;

  @Prop({ required: true })
  key: string;

  /** SHA-256 of the method, the path and the body: what a retry must repeat exactly. */
  @Prop({ required: true })
  fingerprint: string;

  @Prop({ required: true })
  method: string;

  @Prop({ required: true })
  path: string;

  @Prop({ required: true, enum: ['running', 'done'] })
  state: 'running' | 'done';

  /**
   * Until when a `running` record holds the key: past it, the instance that took it is taken
   * to have died mid-request, and a retry runs the request again.
   */
  @Prop({ type: Date })
  lockedUntil?: Date;

  @Prop()
  status?: number;

  @Prop({ type: Object })
  headers?: Record<string, string>;

  @Prop({ type: Buffer })
  body?: Buffer;

  /** When the first request came (the Clock's time): the TTL index counts from it. */
  @Prop({ type: Date, required: true })
  createdAt: Date;
}

export const IdempotencyRecordSchema = SchemaFactory.createForClass(IdempotencyRecord);
IdempotencyRecordSchema.index({ scope: 1, key: 1 }, { unique: true });
IdempotencyRecordSchema.index(
  { createdAt: 1 },
  { expireAfterSeconds: IDEMPOTENCY_KEY_LIFETIME_SECONDS, name: 'createdAt_ttl' },
);
