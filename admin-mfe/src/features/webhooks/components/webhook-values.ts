import type { Webhook, NewWebhook } from '@vitrine/api-client';
import { WEBHOOK_ALL_EVENTS } from '@vitrine/contracts';
import type { FieldMessages } from '@vitrine/ui';

/** The endpoint form's values: "all events" apart from the list of chosen ones. */
export interface WebhookValues {
  url: string;
  description: string;
  all: boolean;
  events: string[];
  enabled: boolean;
}

export function webhookValues(webhook?: Webhook): WebhookValues {
  const all = !webhook || webhook.events.includes(WEBHOOK_ALL_EVENTS);
  return {
    url: webhook?.url ?? '',
    description: webhook?.description ?? '',
    all,
    events: all ? [] : [...(webhook?.events ?? [])],
    enabled: webhook?.enabled ?? true,
  };
}

/** What can be checked before sending; the API checks the address it resolves to. */
export function validateWebhook(values: WebhookValues): FieldMessages {
  const url = values.url.trim();
  let urlMessage: string | undefined;
  if (!url) urlMessage = 'URL is required';
  else if (!/^https?:\/\/\S+$/i.test(url)) urlMessage = 'URL must start with https:// (or http://)';
  return {
    url: urlMessage,
    events:
      !values.all && (values.events ?? []).length === 0
        ? 'Choose at least one event, or all events'
        : undefined,
  };
}

export function webhookBody(values: WebhookValues): NewWebhook {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: values.all ? [WEBHOOK_ALL_EVENTS] : values.events,
  };
}
