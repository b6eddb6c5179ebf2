import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { WEBHOOK_ALL_EVENTS, type WebhookPayload } from '@vitrine/contracts';
import mongoose, { type Model, Types } from 'mongoose';
import crypto from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { publicPathOf } from '../common/public-urls';
import type { AppConfig } from '../config/app.config';
import { LeaseService } from '../jobs/lease.service';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';
import { WebhookEndpoint } from './schemas/webhook-endpoint.schema';

type Stored = Record<string, unknown>;

/** What a kind of item tells the events about itself, at start. */
export interface EventKind {
  /** `product`, `service`, `review`, `gallery`, `settings`: the events' prefix. */
  kind: string;
  /** The field that names an item (`ProductName`), if it has one. */
  nameField?: string;
  /** Whether items have a published state, and so published and unpublished events. */
  publishable: boolean;
  /**
   * For kinds with publish-at moments: the published items whose moment falls in
   * (from, to], so that the moment they appear is announced.
   */
  publishedBetween?: (from: Date, to: Date) => Promise<Stored[]>;
  /** The payload's data for an item of a kind that is not content (settings). */
  describe?: (document: Stored) => Record<string, unknown>;
}

/** The lease that decides which instance announces publish-at moments, and up to when it has. */
const SCHEDULE_LEASE = 'webhook-schedule';
const SCHEDULE_LEASE_MS = 30_000;

/**
 * The one place where something that happened becomes webhook deliveries: the content
 * base, the trash, the revisions, settings, enquiries and backups call it, and it writes one
 * pending delivery per enabled endpoint that subscribed, before the caller answers, so an
 * acknowledged write has its deliveries stored (the worker sends them later). It knows no
 * entity: each kind registers what it is at start, as with the trash.
 *
 * An update that changes whether an item is visible is `published` or `unpublished`, not
 * also `updated`: one save is one event. "Visible" is what the public site shows:
 * published, and its publish-at moment (if any) reached.
 */
@Injectable()
export class DomainEventsService {
  private readonly logger = new Logger('Webhooks');
  private readonly kinds = new Map<string, EventKind>();

  constructor(
    @InjectModel(WebhookEndpoint.name) private readonly endpoints: Model<WebhookEndpoint>,
    @InjectModel(WebhookDelivery.name) private readonly deliveries: Model<WebhookDelivery>,
    private readonly leases: LeaseService,
    private readonly config: ConfigService,
    private readonly clock: Clock,
  ) {}

  register(kind: EventKind): void {
    this.kinds.set(kind.kind, kind);
  }

  async created(kind: string, document: object): Promise<void> {
    const known = this.kinds.get(kind);
    if (known) await this.emit(`${kind}.created`, this.dataOf(known, document));
  }

  async updated(kind: string, before: object, after: object): Promise<void> {
    const known = this.kinds.get(kind);
    if (!known) return;
    const now = this.clock.now();
    let change = 'updated';
    if (known.publishable && visible(before, now) !== visible(after, now)) {
      change = visible(after, now) ? 'published' : 'unpublished';
    }
    await this.emit(`${kind}.${change}`, this.dataOf(known, after));
  }

  async deleted(kind: string, document: object): Promise<void> {
    const known = this.kinds.get(kind);
    if (known) await this.emit(`${kind}.deleted`, this.dataOf(known, document));
  }

  async restored(kind: string, document: object): Promise<void> {
    const known = this.kinds.get(kind);
    if (known) await this.emit(`${kind}.restored`, this.dataOf(known, document));
  }

  /**
   * Writes one pending delivery of the event per enabled endpoint subscribed to it (or only
   * to `onlyTo`, for a test event). An `eventId` given twice is delivered once per endpoint.
   */
  async emit(
    event: string,
    data: Record<string, unknown>,
    { eventId = `evt_${crypto.randomUUID()}`, at = this.clock.now(), onlyTo }: EmitOptions = {},
  ): Promise<void> {
    const filter = onlyTo
      ? { _id: onlyTo }
      : { enabled: true, events: mongoose.trusted({ $in: [event, WEBHOOK_ALL_EVENTS] }) };
    const endpoints = await this.endpoints
      .find(filter)
      .select({ _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>()
      .exec();
    if (endpoints.length === 0) return;
    const payload: WebhookPayload = { id: eventId, event, createdAt: at.toISOString(), data };
    const body = JSON.stringify(payload);
    for (const { _id } of endpoints) {
      await this.deliveries
        .updateOne(
          { dedupeKey: `${String(_id)}:${eventId}` },
          {
            $setOnInsert: {
              webhookId: _id,
              eventId,
              event,
              body,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: new Date(),
              // The worker's own time, as its retries are timed: not the app's clock, which
              // tests may hold, nor a publish-at moment that came while no instance looked.
              eventAt: new Date(),
            },
          },
          { upsert: true },
        )
        .exec()
        .catch((error: unknown) => {
          // Two instances announcing the same moment: the other's insert won, as it should.
          if ((error as { code?: unknown }).code !== 11000) throw error;
        });
    }
    this.logger.debug(`${event} ${eventId}: ${endpoints.length} delivery(ies) queued`);
  }

  /**
   * Announces the items whose publish-at moment has come since the last look, once across
   * every instance: the lease lets one look at a time and keeps up to when it looked, and
   * each announcement's id is made from the item and its moment, so even two looks at the
   * same moment (a lease that ran out mid-look) deliver it once. An item saved after its
   * moment was announced by that save (updated() saw it appear), so it is skipped here.
   */
  async announcePublishAtMoments(): Promise<void> {
    const scheduled = [...this.kinds.values()].flatMap((kind) =>
      kind.publishedBetween ? [{ ...kind, publishedBetween: kind.publishedBetween }] : [],
    );
    if (scheduled.length === 0) return;
    const lease = await this.leases.acquire(SCHEDULE_LEASE, SCHEDULE_LEASE_MS);
    if (!lease) return;
    const now = this.clock.now();
    const from = lease.announcedUntil instanceof Date ? lease.announcedUntil : undefined;
    try {
      // The first look ever starts now: moments before webhooks existed are not news.
      if (!from) return;
      for (const kind of scheduled) {
        for (const item of await kind.publishedBetween(from, now)) {
          const moment = item.publishAt as Date;
          if (item.updatedAt instanceof Date && item.updatedAt >= moment) continue;
          const key = `${kind.kind}:${String(item._id)}:${moment.getTime()}`;
          const eventId = `evt_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
          await this.emit(`${kind.kind}.published`, this.dataOf(kind, item), {
            eventId,
            at: moment,
          });
        }
      }
    } finally {
      await this.leases.release(SCHEDULE_LEASE, {
        announcedUntil: from && now < from ? from : now,
      });
    }
  }

  /** The payload's `data` for an item: id, slug, public URL, name, and whether it is visible. */
  private dataOf(kind: EventKind, item: object): Record<string, unknown> {
    const document = item as Stored;
    if (kind.describe) return kind.describe(document);
    const slug = typeof document.slug === 'string' ? document.slug : null;
    const path = publicPathOf(kind.kind, slug);
    const site = this.config.getOrThrow<AppConfig>('app').siteUrl;
    const name = kind.nameField ? document[kind.nameField] : undefined;
    return {
      id: String(document._id),
      slug,
      url: path ? `${site}${path}` : null,
      name: typeof name === 'string' ? name : null,
      ...(kind.publishable ? { published: visible(document, this.clock.now()) } : {}),
    };
  }
}

export interface EmitOptions {
  eventId?: string;
  at?: Date;
  onlyTo?: Types.ObjectId;
}

/** What the public site shows: published, and its publish-at moment (if any) reached. */
function visible(item: object, now: Date): boolean {
  const { published, publishAt: at } = item as Stored;
  if (published !== true) return false;
  return !(at instanceof Date && at > now);
}
