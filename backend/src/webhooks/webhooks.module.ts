import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DomainEventsService } from './domain-events.service';
import { WebhookDelivery, WebhookDeliverySchema } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint, WebhookEndpointSchema } from './schemas/webhook-endpoint.schema';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks with retries. Global, as the trash is: whatever changes something an
 * integration may want to hear about tells DomainEventsService.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: WebhookEndpoint.name, schema: WebhookEndpointSchema },
      { name: WebhookDelivery.name, schema: WebhookDeliverySchema },
    ]),
  ],
  controllers: [WebhooksController],
  providers: [DomainEventsService, WebhooksService, WebhookDeliveryWorker],
  exports: [DomainEventsService],
})
export class WebhooksModule {}
