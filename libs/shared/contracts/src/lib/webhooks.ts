/**
 * Webhooks: the events an endpoint can subscribe to, and what a delivery carries.
 * Gallery images have no published state, so `gallery.published` and
 * `gallery.unpublished` do not exist.
 */
export const WEBHOOK_CONTENT_KINDS = ['product', 'service', 'review', 'gallery'] as const;
export type WebhookContentKind = (typeof WEBHOOK_CONTENT_KINDS)[number];

const CHANGES = ['created', 'updated', 'published', 'unpublished', 'deleted', 'restored'] as const;
/** The kinds that have a published state, and so published and unpublished events. */
const PUBLISHABLE: readonly WebhookContentKind[] = ['product', 'service', 'review'];

export const WEBHOOK_EVENTS = [
  ...WEBHOOK_CONTENT_KINDS.flatMap((kind) =>
    CHANGES.filter(
      (change) =>
        PUBLISHABLE.includes(kind) || (change !== 'published' && change !== 'unpublished'),
    ).map((change) => `${kind}.${change}`),
  ),
  'settings.updated',
  'enquiry.received',
  'backup.written',
  'webhook.test',
] as readonly string[];
export type WebhookEvent = string;

/** An endpoint's `events` may be this alone: every event, present and future. */
export const WEBHOOK_ALL_EVENTS = '*';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers of every delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'Vitrine-Signature';
export const WEBHOOK_EVENT_HEADER = 'Vitrine-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Vitrine-Delivery';
export const WEBHOOK_USER_AGENT = 'Vitrine-Webhooks/1';
/** How old a signature's timestamp may be before a receiver refuses it, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The JSON body of a delivery. */
export interface WebhookPayload {
  /** The event's id: the same in every delivery of it, replays included. */
  id: string;
  event: WebhookEvent;
  createdAt: string;
  data: Record<string, unknown>;
}

/** Events grouped as the admin screen shows them. */
export function webhookEventGroups(): { group: string; events: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const event of WEBHOOK_EVENTS) {
    const group = event.split('.')[0];
    groups.set(group, [...(groups.get(group) ?? []), event]);
  }
  return [...groups].map(([group, events]) => ({ group, events }));
}
