import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type HydratedDocument } from 'mongoose';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type OutboxMessageDocument = HydratedDocument<OutboxMessage>;

/**
 * A notification waiting to be mailed. Written right after the enquiry it belongs to, and
 * delivered by the worker in OutboxService, so a slow or absent mail server never costs a
 * visitor's enquiry.
 */
@Schema({ collection: 'outbox', timestamps: true, toJSON: { versionKey: false } })
export class OutboxMessage {
  // One notification per enquiry: queuing twice (a sweep after a crash) sends one mail.
  @Prop({ type: Types.ObjectId, required: true, unique: true })
  enquiryId: Types.ObjectId;

  /** The recipient when it was queued; null when none was configured (the worker fills it in). */
  @Prop({ type: String, default: null })
  to: string | null;

  @Prop({ type: String, default: null })
  replyTo: string | null;

  @Prop({ required: true })
  subject: string;

  @Prop({ required: true })
  text: string;

  @Prop({ type: String, required: true, enum: OUTBOX_STATUSES, default: 'pending' })
  status: OutboxStatus;

  /** Delivery attempts started so far (counted when a worker claims the message). */
  @Prop({ default: 0 })
  attempts: number;

  /**
   * When the message is next due. A worker that claims it pushes this forward by the lease,
   * so a crashed worker's message becomes due again instead of being lost or sent twice.
   */
  @Prop({ type: Date, required: true, default: () => new Date() })
  nextAttemptAt: Date;

  /** Identifies the claim that may complete the message; a stale worker's update is ignored. */
  @Prop({ type: String, default: null })
  claimToken: string | null;

  /** The last delivery error, without credentials. */
  @Prop({ type: String, default: null })
  lastError: string | null;

  @Prop({ type: Date, default: null })
  sentAt: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

export const OutboxMessageSchema = SchemaFactory.createForClass(OutboxMessage);
OutboxMessageSchema.index({ status: 1, nextAttemptAt: 1 });
