import type { Webhook, WebhookWithSecret } from '@vitrine/api-client';
import { webhookEventGroups } from '@vitrine/contracts';
import { bindField, Button, Checkbox, Fieldset, FormError, TextField } from '@vitrine/ui';
import { useAdminForm } from '../../../lib/forms/use-admin-form';
import { createWebhook } from '../api/create-webhook';
import { updateWebhook } from '../api/update-webhook';
import { validateWebhook, webhookBody, webhookValues, type WebhookValues } from './webhook-values';

const GROUPS = webhookEventGroups();
/** A group's legend: the kind as the admin names it where that differs from the event's. */
const GROUP_LEGENDS: Partial<Record<string, string>> = { product: 'project' };
const LABELS: Record<keyof WebhookValues, string> = {
  url: 'URL',
  description: 'Description',
  all: 'All events',
  events: 'Events',
  enabled: 'Enabled',
};

/**
 * Adds an endpoint, or edits one: its URL, the events it hears (all, or chosen by kind) and a
 * note. A new endpoint's secret goes to `onCreated`, the one time it is shown.
 */
export function WebhookForm({
  webhook,
  onCreated,
  onDone,
}: {
  webhook?: Webhook;
  onCreated?(created: WebhookWithSecret): void;
  onDone(): void;
}) {
  const editing = webhook !== undefined;
  const idPrefix = `webhook-${webhook?.id ?? 'new'}`;
  const form = useAdminForm<WebhookValues>({
    defaultValues: webhookValues(webhook),
    rules: validateWebhook,
    failure: editing ? 'The endpoint was not saved' : 'The endpoint was not added',
    pathOf: (name) => (name in LABELS ? (name as keyof WebhookValues) : undefined),
  });
  const all = form.watch('all');
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  const submit = form.submitWith(async (values) => {
    if (webhook) {
      await updateWebhook(webhook.id, { ...webhookBody(values), enabled: values.enabled });
      form.toastSaved('Endpoint saved');
    } else {
      const created = await createWebhook(webhookBody(values));
      form.toastSaved('Endpoint added');
      onCreated?.(created);
    }
    form.reset(values);
    onDone();
  });

  const summary = form.summary((path) => ({
    label: LABELS[path as keyof WebhookValues],
    fieldId: fieldId(path),
  }));
  const eventsError = form.formState.errors.events?.message;

  return (
    <form
      className="adm-form adm-card adm-webhook-form"
      noValidate
      onSubmit={submit}
      aria-label={editing ? `Edit ${webhook.url}` : 'Add an endpoint'}
    >
      <FormError
        title={editing ? 'The endpoint was not saved' : 'The endpoint was not added'}
        message={summary.length === 0 ? form.message : undefined}
        errors={summary}
      />
      <div className="adm-form__grid">
        <TextField
          label="URL"
          hint="Where events are sent, as a POST: https:// in production"
          required
          type="url"
          spellCheck={false}
          autoComplete="off"
          maxLength={2000}
          {...bindField(form, 'url', fieldId('url'))}
        />
        <TextField
          label="Description"
          hint="For you: what listens there"
          maxLength={200}
          autoComplete="off"
          {...bindField(form, 'description', fieldId('description'))}
        />
      </div>
      <Fieldset legend="Events" error={eventsError} id={fieldId('events')}>
        <Checkbox
          label="All events, including ones added later"
          {...bindField(form, 'all', fieldId('all'))}
        />
        {!all && (
          <div className="adm-webhook-form__groups">
            {GROUPS.map(({ group, events }) => (
              <Fieldset
                key={group}
                legend={GROUP_LEGENDS[group] ?? group}
                className="adm-webhook-form__group"
              >
                {events.map((event) => (
                  <Checkbox
                    key={event}
                    id={fieldId(`event-${event}`)}
                    // The group's legend names the kind: "published" under "project".
                    label={event.slice(group.length + 1)}
                    value={event}
                    {...form.register('events')}
                  />
                ))}
              </Fieldset>
            ))}
          </div>
        )}
      </Fieldset>
      {editing && (
        <Checkbox
          label="Enabled: send events to this endpoint"
          {...bindField(form, 'enabled', fieldId('enabled'))}
        />
      )}
      <div className="adm-webhook-form__actions">
        <Button type="submit" busy={form.formState.isSubmitting}>
          {editing ? 'Save endpoint' : 'Add endpoint'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
