import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { WEBHOOK_ALL_EVENTS } from '@vitrine/contracts';
import { type Model, Types } from 'mongoose';
import crypto from 'node:crypto';
import { listQuery, readPage, type ListQueryDto, type Page } from '../common/http/list-query';
import type { WebhooksConfig } from '../config/webhooks.config';
import { DomainEventsService } from './domain-events.service';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import type { UpdateWebhookDto } from './dto/update-webhook.dto';
import type {
  WebhookDeliveryResponse,
  WebhookResponse,
  WebhookWithSecretResponse,
} from './dto/webhook.response';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';
import { checkWebhookTarget, RefusedWebhookUrl } from './webhook-address';
import { newWebhookSecret } from './webhook-signature';

type StoredEndpoint = WebhookEndpoint & { _id: Types.ObjectId };
type StoredDelivery = WebhookDelivery & { _id: Types.ObjectId };

/** The administrators' side of webhooks: endpoints, their deliveries, replays and tests. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectModel(WebhookEndpoint.name) private readonly endpoints: Model<WebhookEndpoint>,
    @InjectModel(WebhookDelivery.name) private readonly deliveries: Model<WebhookDelivery>,
    private readonly events: DomainEventsService,
    private readonly config: ConfigService,
  ) {}

  async create(dto: CreateWebhookDto): Promise<WebhookWithSecretResponse> {
    await this.assertReachable(dto.url);
    const secret = newWebhookSecret();
    const created = await this.endpoints.create({
      url: dto.url,
      events: normalised(dto.events),
      description: dto.description ?? '',
      secret,
    });
    return { ...view(created.toObject() as StoredEndpoint), secret };
  }

  async list(): Promise<WebhookResponse[]> {
    const all = await this.endpoints.find().sort({ createdAt: 1 }).lean<StoredEndpoint[]>().exec();
    return all.map(view);
  }

  async findOne(id: string): Promise<WebhookResponse> {
    return view(await this.stored(id));
  }

  async update(id: string, dto: UpdateWebhookDto): Promise<WebhookResponse> {
    await this.stored(id);
    if (dto.url !== undefined) await this.assertReachable(dto.url);
    const set = {
      ...(dto.url !== undefined ? { url: dto.url } : {}),
      ...(dto.events !== undefined ? { events: normalised(dto.events) } : {}),
      ...(dto.description !== undefined ? { description: dto.description } : {}),
      ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
    };
    const updated = await this.endpoints
      .findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after' })
      .lean<StoredEndpoint>()
      .exec();
    if (!updated) throw notFound();
    return view(updated);
  }

  /** Removes the endpoint and its delivery log; what was pending is not sent. */
  async remove(id: string): Promise<void> {
    const { deletedCount } = await this.endpoints.deleteOne({ _id: id }).exec();
    if (deletedCount !== 1) throw notFound();
    await this.deliveries.deleteMany({ webhookId: new Types.ObjectId(id) }).exec();
  }

  /** A new secret, answered once; deliveries from now on are signed with it. */
  async rotateSecret(id: string): Promise<WebhookWithSecretResponse> {
    const secret = newWebhookSecret();
    const updated = await this.endpoints
      .findByIdAndUpdate(id, { $set: { secret } }, { returnDocument: 'after' })
      .lean<StoredEndpoint>()
      .exec();
    if (!updated) throw notFound();
    return { ...view(updated), secret };
  }

  async deliveriesOf(id: string, query: ListQueryDto): Promise<Page<WebhookDeliveryResponse>> {
    await this.stored(id);
    const { filter, sort, skip, limit } = listQuery<WebhookDelivery>(query, {
      sortable: ['createdAt', 'event', 'status', 'attempts'],
      searchable: ['event'],
      defaultSort: '-createdAt',
      categoryField: 'status',
    });
    const mine = { ...filter, webhookId: new Types.ObjectId(id) };
    const page = await readPage(
      { skip, limit },
      (window) =>
        this.deliveries
          .find(mine)
          .sort(sort)
          .skip(skip)
          .limit(window)
          .lean<StoredDelivery[]>()
          .exec(),
      () => this.deliveries.countDocuments(mine).exec(),
    );
    return { items: page.items.map(deliveryView), total: page.total };
  }

  /** A new delivery of the same event (same payload id), sent as soon as the worker looks. */
  async replay(id: string, deliveryId: string): Promise<WebhookDeliveryResponse> {
    const endpoint = await this.stored(id);
    const original = await this.deliveries
      .findOne({ _id: deliveryId, webhookId: endpoint._id })
      .lean<StoredDelivery>()
      .exec();
    if (!original) throw new NotFoundException('This endpoint has no such delivery');
    const replayId = new Types.ObjectId();
    const now = new Date();
    const replay = await this.deliveries.create({
      _id: replayId,
      webhookId: endpoint._id,
      eventId: original.eventId,
      event: original.event,
      dedupeKey: `${String(endpoint._id)}:${original.eventId}:replay:${String(replayId)}`,
      body: original.body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      // A replay gets a day of its own: it is asked for now, however old its event.
      eventAt: now,
      replayOf: original._id,
    });
    return deliveryView(replay.toObject() as StoredDelivery);
  }

  /** Sends a `webhook.test` event to this endpoint alone, whatever it subscribed to. */
  async sendTest(id: string): Promise<{ eventId: string }> {
    const endpoint = await this.stored(id);
    const eventId = `evt_${crypto.randomUUID()}`;
    await this.events.emit(
      'webhook.test',
      { id: String(endpoint._id), url: endpoint.url, message: 'A test event from Vitrine' },
      { eventId, onlyTo: endpoint._id },
    );
    return { eventId };
  }

  private async stored(id: string): Promise<StoredEndpoint> {
    const found = await this.endpoints.findById(id).lean<StoredEndpoint>().exec();
    if (!found) throw notFound();
    return found;
  }

  /** A 400 naming `url` for a URL webhooks may not reach (scheme, host, address). */
  private async assertReachable(url: string): Promise<void> {
    try {
      await checkWebhookTarget(url, this.config.getOrThrow<WebhooksConfig>('webhooks'));
    } catch (error) {
      if (!(error instanceof RefusedWebhookUrl)) throw error;
      throw new BadRequestException({ message: error.message, errors: { url: error.message } });
    }
  }
}

const notFound = () => new NotFoundException('Webhook endpoint not found');

/** `["*", …]` is every event: stored as `["*"]`; otherwise each name once. */
function normalised(events: string[]): string[] {
  return events.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : [...new Set(events)];
}

function view(endpoint: StoredEndpoint): WebhookResponse {
  return {
    id: String(endpoint._id),
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    enabled: endpoint.enabled,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

function deliveryView(delivery: StoredDelivery): WebhookDeliveryResponse {
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  return {
    id: String(delivery._id),
    webhookId: String(delivery.webhookId),
    eventId: delivery.eventId,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    lastResponseCode: delivery.lastResponseCode ?? null,
    lastError: delivery.lastError ?? null,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: iso(delivery.lastAttemptAt),
    deliveredAt: iso(delivery.deliveredAt),
    nextAttemptAt: delivery.nextAttemptAt.toISOString(),
    replayOf: delivery.replayOf ? String(delivery.replayOf) : null,
  };
}
