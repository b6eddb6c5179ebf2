import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@vitrine/contracts';
import { Types, type HydratedDocument } from 'mongoose';

export type WebhookDeliveryDocument = HydratedDocument<WebhookDelivery>;

/**
 * One event to send to one endpoint: the outbox. Written in the request that caused the
 * event, before its answer, and sent by the worker (webhook-delivery.worker.ts), which
 * claims it with a lease so that one instance sends it, and another takes over if that one
 * dies mid-send.
 */
/** The outbox and log of deliveries: left out of backups (see leftOutOfBackups). */
export const WEBHOOK_DELIVERIES_COLLECTION = 'webhook_deliveries';

@Schema({ collection: WEBHOOK_DELIVERIES_COLLECTION, timestamps: true })
export class WebhookDelivery {
  @Prop({ type: Types.ObjectId, required: true, index: true })
  webhookId: Types.ObjectId;

  /** The event's id, the payload's `id`: the same for every endpoint and every replay. */
  @Prop({ required: true })
  eventId: string;

  @Prop({ required: true })
  event: string;

  /**
   * `<webhookId>:<eventId>` (a replay adds its own id): unique, so an event announced twice
   * (two instances reaching the same publish-at moment) is delivered once.
   */
  @Prop({ required: true, unique: true })
  dedupeKey: string;

  /** The JSON body, as signed and sent at every attempt. */
  @Prop({ required: true })
  body: string;

  @Prop({ type: String, required: true, enum: WEBHOOK_DELIVERY_STATUSES, default: 'pending' })
  status: WebhookDeliveryStatus;

  /** Attempts started so far (counted when a worker claims the delivery). */
  @Prop({ default: 0 })
  attempts: number;

  /** When it is next due; a claim pushes it forward by the lease. */
  @Prop({ type: Date, required: true })
  nextAttemptAt: Date;

  /** When the event happened: retries stop WEBHOOK_GIVE_UP_MS after it. */
  @Prop({ type: Date, required: true })
  eventAt: Date;

  /** Identifies the claim that may complete it; a stale worker's update is ignored. */
  @Prop({ type: String, default: null })
  claimToken: string | null;

  @Prop({ type: Number, default: null })
  lastResponseCode: number | null;

  /** The last failure, one short line (never the secret, never the receiver's body). */
  @Prop({ type: String, default: null })
  lastError: string | null;

  @Prop({ type: Date, default: null })
  lastAttemptAt: Date | null;

  @Prop({ type: Date, default: null })
  deliveredAt: Date | null;

  /** The delivery this one replays, if any. */
  @Prop({ type: Types.ObjectId, default: null })
  replayOf: Types.ObjectId | null;

  createdAt: Date;
  updatedAt: Date;
}

export const WebhookDeliverySchema = SchemaFactory.createForClass(WebhookDelivery);
WebhookDeliverySchema.index({ status: 1, nextAttemptAt: 1 });
WebhookDeliverySchema.index({ webhookId: 1, createdAt: -1 });
