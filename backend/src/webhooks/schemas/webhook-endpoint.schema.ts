import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

export type WebhookEndpointDocument = HydratedDocument<WebhookEndpoint>;

/** An address an administrator registered to be told of events. */
@Schema({ collection: 'webhook_endpoints', timestamps: true })
export class WebhookEndpoint {
  @Prop({ required: true })
  url: string;

  /** Event names, or `['*']` for every event. */
  @Prop({ type: [String], required: true })
  events: string[];

  @Prop({ default: '' })
  description: string;

  @Prop({ default: true })
  enabled: boolean;

  /**
   * The signing key. It has to be stored to sign, but is never read unless asked for
   * (`select: false`): no list, log or delivery shows it; only creation and rotation answer it.
   */
  @Prop({ required: true, select: false })
  secret: string;

  createdAt: Date;
  updatedAt: Date;
}

export const WebhookEndpointSchema = SchemaFactory.createForClass(WebhookEndpoint);
WebhookEndpointSchema.index({ enabled: 1, events: 1 });
