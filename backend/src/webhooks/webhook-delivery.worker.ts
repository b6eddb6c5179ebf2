import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { WebhooksConfig } from '../config/webhooks.config';
import { claimDue, OutboxPoller } from '../jobs/leased-outbox';
import { DomainEventsService } from './domain-events.service';
import { WebhookDelivery, type WebhookDeliveryDocument } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';
import { checkWebhookTarget, RefusedWebhookUrl } from './webhook-address';
import { webhookRetryDelay } from './webhook-retry';
import { sendWebhook, type SendResult } from './webhook-sender';

/**
 * How long a claimed delivery stays hidden from other workers, in answer timeouts: longer
 * than the worst attempt (the look-up and the answer), so two workers never send it at once,
 * and short enough that a worker killed mid-send lets another take it over soon.
 */
const LEASE_TIMEOUTS = 3;
/** Deliveries sent at once by one instance, so one slow receiver does not hold up the rest. */
const LANES = 4;
/** Deliveries a lane sends per look, so one poll cannot run for ever. */
const BATCH = 25;

/**
 * Sends the outbox's due deliveries, on every instance. A claim is atomic and leased
 * (`claimDue`, as the enquiry outbox does for mail), so each delivery is sent by one instance at a time and
 * one that dies mid-send is sent again when its lease runs out: at least once, as receivers
 * are told to deduplicate on the delivery's id. A 2xx is delivered; anything else, or no
 * answer in WEBHOOK_TIMEOUT_MS (10 s), is retried with exponential backoff until WEBHOOK_GIVE_UP_MS after the
 * event, then `failed`. Each look also announces the publish-at moments that have come.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private poller?: OutboxPoller;

  constructor(
    @InjectModel(WebhookDelivery.name) private readonly deliveries: Model<WebhookDelivery>,
    @InjectModel(WebhookEndpoint.name) private readonly endpoints: Model<WebhookEndpoint>,
    private readonly events: DomainEventsService,
    private readonly config: ConfigService,
  ) {}

  private get settings(): WebhooksConfig {
    return this.config.getOrThrow<WebhooksConfig>('webhooks');
  }

  onApplicationBootstrap() {
    this.poller = new OutboxPoller(this.logger, this.settings.pollMs, () => this.sendDue());
    this.poller.start();
  }

  async onModuleDestroy() {
    await this.poller?.stop();
  }

  private async sendDue(): Promise<void> {
    await this.events.announcePublishAtMoments();
    await Promise.all(Array.from({ length: LANES }, () => this.lane()));
  }

  private async lane(): Promise<void> {
    for (let sent = 0; sent < BATCH && !this.poller?.stopping; sent++) {
      const delivery = await claimDue(this.deliveries, LEASE_TIMEOUTS * this.settings.timeoutMs);
      if (!delivery) return;
      await this.deliver(delivery);
    }
  }

  private async deliver(delivery: WebhookDeliveryDocument): Promise<void> {
    const claim = { _id: delivery._id, claimToken: delivery.claimToken };
    const endpoint = await this.endpoints
      .findById(delivery.webhookId)
      .select('+secret')
      .lean<WebhookEndpoint>()
      .exec();
    if (!endpoint || !endpoint.enabled) {
      const lastError = endpoint ? 'The endpoint is disabled' : 'The endpoint was deleted';
      await this.deliveries
        .updateOne(claim, { $set: { status: 'failed', lastError, claimToken: null } })
        .exec();
      return;
    }
    let result: SendResult;
    try {
      // Checked again at every attempt: what the name resolves to may have changed.
      const target = await checkWebhookTarget(endpoint.url, this.settings);
      result = await sendWebhook(
        target,
        {
          deliveryId: String(delivery._id),
          event: delivery.event,
          body: delivery.body,
          secret: endpoint.secret,
        },
        this.settings.timeoutMs,
      );
    } catch (error) {
      if (!(error instanceof RefusedWebhookUrl)) throw error;
      result = { status: null, error: error.message };
    }
    const now = new Date();
    if (!result.error) {
      // Should this update fail, the lease runs out and it goes again: at least once.
      await this.deliveries
        .updateOne(claim, {
          $set: {
            status: 'delivered',
            deliveredAt: now,
            lastAttemptAt: now,
            lastResponseCode: result.status,
            lastError: null,
            claimToken: null,
          },
        })
        .exec();
      return;
    }
    const next = new Date(
      now.getTime() + webhookRetryDelay(delivery.attempts, this.settings.backoffBaseMs),
    );
    const givenUp = next.getTime() > delivery.eventAt.getTime() + this.settings.giveUpMs;
    await this.deliveries
      .updateOne(claim, {
        $set: {
          lastAttemptAt: now,
          lastResponseCode: result.status,
          lastError: result.error,
          claimToken: null,
          ...(givenUp ? { status: 'failed' } : { nextAttemptAt: next }),
        },
      })
      .exec();
    const about = `Delivery ${String(delivery._id)} (${delivery.event})`;
    if (givenUp)
      this.logger.error(`${about} failed ${delivery.attempts} times, giving up: ${result.error}`);
    else
      this.logger.warn(
        `${about}: attempt ${delivery.attempts} failed, will retry: ${result.error}`,
      );
  }
}
